/** Non-JSON calls: a file's bytes (the PDF viewer) and multipart uploads with progress. */
import type { z } from 'zod';
import { buildUrl, errorMessageFromBody, getFile, timedOutMessage } from '@heloc/api-client';
import { DEFAULT_ERROR_MESSAGE, HTTP_TIMEOUT_MS } from '@heloc/domain';
import { httpClient } from './api-client';
import type { RequestOptions } from './api-headers';

/**
 * A file's bytes (generated documents for the PDF viewer): the same headers, token renewal and sign-out
 * rule as the JSON calls; a failure answers the usual error body.
 */
export function getBytes(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  const headers = { ...options.headers, Accept: 'application/pdf, application/json' };
  return getFile(httpClient, path, { ...options, headers }, (response) => response.arrayBuffer());
}

export interface UploadOptions<S extends z.ZodType> {
  schema: S;
  /** 0…1 as the body goes out (fetch cannot report upload progress; XMLHttpRequest can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload with progress: the same headers, token renewal, error body and sign-out rule as
 * the JSON calls, over XMLHttpRequest so the page can show how much has been sent.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  const url = buildUrl(path);
  const headers = httpClient.headers(path, {}, form);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = HTTP_TIMEOUT_MS * 4;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const networkFailure = (message: string) => () =>
      reject(httpClient.failure({ status: 0, message, url }, {}));
    xhr.onerror = networkFailure(DEFAULT_ERROR_MESSAGE);
    xhr.ontimeout = networkFailure(timedOutMessage(url));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      httpClient.renew(xhr.getResponseHeader('authorization'));
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = xhr.responseText;
      }
      const answer = { status: xhr.status, url };
      try {
        if (xhr.status < 200 || xhr.status >= 300) {
          throw httpClient.failure({ ...answer, message: errorMessageFromBody(data), data }, {});
        }
        const parsed = httpClient.parse(options.schema, data, answer, {});
        options.onProgress?.(1);
        resolve(parsed);
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}
