/** Non-JSON calls: a file's bytes (the PDF viewer) and multipart uploads with progress. */
import type { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE, HTTP_TIMEOUT_MS } from '@heloc/domain';
import {
  ApiError,
  errorMessageFromBody,
  handleUnauthenticated,
  isUnauthenticatedFailure,
} from './api-failure';
import { buildHeaders, buildUrl, type RequestOptions } from './api-headers';
import { storeToken, stripBearer } from './api-token';

/**
 * A file's bytes (generated documents for the PDF viewer): the same headers, token renewal and sign-out
 * rule as the JSON calls; a failure answers the usual error body.
 */
export async function getBytes(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  const url = buildUrl(path, options.query);
  const headers = buildHeaders(path, options, undefined);
  headers.set('Accept', 'application/pdf, application/json');
  const response = await fetch(url, { credentials: 'include', headers, signal: options.signal ?? null });
  const renewed = response.headers.get('authorization');
  if (renewed && stripBearer(renewed)) storeToken(renewed);
  if (response.ok) return response.arrayBuffer();
  const data: unknown = await response.json().catch(() => null);
  const error = new ApiError({ status: response.status, message: errorMessageFromBody(data), data, url });
  if (!options.skipAuthRedirect && isUnauthenticatedFailure(error.status, error.message))
    handleUnauthenticated();
  throw error;
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
  const headers = buildHeaders(path, {}, form);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = HTTP_TIMEOUT_MS * 4;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const networkFailure = (message: string) => () => reject(new ApiError({ status: 0, message, url }));
    xhr.onerror = networkFailure(DEFAULT_ERROR_MESSAGE);
    xhr.ontimeout = networkFailure(`Request to ${url} timed out`);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      const renewed = xhr.getResponseHeader('authorization');
      if (renewed && stripBearer(renewed)) storeToken(renewed);
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = new ApiError({ status: xhr.status, message: errorMessageFromBody(data), data, url });
        if (isUnauthenticatedFailure(error.status, error.message)) handleUnauthenticated();
        reject(error);
        return;
      }
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) {
        reject(
          new ApiError({
            status: xhr.status,
            message: `Response from ${url} did not match the expected shape`,
            data,
            url,
            cause: parsed.error,
          }),
        );
        return;
      }
      options.onProgress?.(1);
      resolve(parsed.data);
    };
    xhr.send(form);
  });
}
