/**
 * File uploads (income documents, ID images, insurance proofs, condition documents): one multipart
 * form with a single file and a few text fields. The file is read into memory up to a size limit,
 * its type is decided by its content (magic bytes, the file-type library), never by the name or the
 * declared type, and it is stored through the file storage interface as an application document.
 *
 * Register `uploadsPlugin` in the plugin whose routes take uploads (it scopes the multipart parser to
 * them); call `receiveUpload` in the handler and `storeApplicationDocument` to keep the file.
 *
 * Errors: a file over the limit, an empty file or a type outside the allowed list answers 400 (bad
 * input, as the engine issue asks for oversize input) with a reason the screen can show
 * ("File too large", "Type not supported").
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import {
  formatFileSize,
  unsafeTextProblem,
  UPLOAD_MAX_BYTES,
  uploadTypeNames,
  type TDocumentType,
} from '@heloc/domain';
import type { Executor } from '../db';
import { schema } from '../db';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { FileStorage } from '../storage';

/*
 * What a route accepts comes from the domain, the same lists the screens offer: DOCUMENT_UPLOAD_TYPES
 * (PDF or a photo), IMAGE_UPLOAD_TYPES (an ID photo) and UPLOAD_MAX_BYTES (packages/domain
 * schemas/closing.ts).
 */

const FILE_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export type ReceivedUpload = {
  bytes: Uint8Array;
  /** Sniffed from the content. */
  contentType: string;
  /** The name the browser sent, cleaned for display (never used as a storage key). */
  fileName: string;
  /** Text fields of the form (last value wins). */
  fields: Record<string, string>;
};

export const uploadsPlugin: FastifyPluginAsync = fp(async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
});

/** Reads the one file (and the text fields) of a multipart request; validates size and content type. */
export async function receiveUpload(
  request: FastifyRequest,
  allowed: readonly string[],
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data', { reason: 'NOT_MULTIPART' });
  }
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of multipartParts(request, { limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        // Only the first file counts; the limits refuse a second one.
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('BAD_REQUEST', `File too large: the limit is ${formatFileSize(maxBytes)}`, {
        reason: 'FILE_TOO_LARGE',
        maxBytes,
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Send one file per request', { reason: 'TOO_MANY_PARTS' });
    }
    throw malformedMultipart(error);
  }
  if (!file) throw new AppError('BAD_REQUEST', 'A file is required', { reason: 'NO_FILE' });
  if (file.bytes.length === 0)
    throw new AppError('BAD_REQUEST', 'The file is empty', { reason: 'EMPTY_FILE' });
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !allowed.includes(sniffed.mime)) {
    throw new AppError('BAD_REQUEST', `Type not supported: upload a ${uploadTypeNames(allowed)} file`, {
      reason: 'UNSUPPORTED_TYPE',
      allowed,
    });
  }
  return {
    bytes: new Uint8Array(file.bytes),
    contentType: sniffed.mime,
    fileName: cleanFileName(file.fileName, sniffed.mime),
    fields,
  };
}

type Parts = ReturnType<FastifyRequest['parts']>;
type Part = Parts extends AsyncIterableIterator<infer P> ? P : never;

/**
 * The parts of a multipart request, with the edge rule of every other input (issue 20): a body the
 * multipart parser cannot read (no boundary, truncated, malformed part headers, a field over its
 * size limit) is a 400 "Malformed multipart body", never a 500; field names, text values and file
 * names must be free of NUL characters and unpaired surrogates. The errors of the parser's own
 * limits (file too large, too many parts) pass through with their codes for the caller to word.
 */
export async function* multipartParts(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<Part> {
  const iterator = request.parts(options)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Part>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw malformedMultipart(error);
    }
    if (next.done) return;
    const part = next.value;
    const texts: [string, string][] = [['a field name', part.fieldname]];
    if (part.type === 'file') texts.push(['a file name', part.filename]);
    else if (typeof part.value === 'string')
      texts.push([`the field ${safeName(part.fieldname)}`, part.value]);
    for (const [what, text] of texts) {
      const problem = unsafeTextProblem(text);
      if (problem) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('BAD_REQUEST', `Invalid request: ${what}: ${problem}`, { reason: 'UNSAFE_TEXT' });
      }
    }
    yield part;
  }
}

/**
 * For the caller's catch around its loop (reading a part's stream can fail too): limit errors keep
 * their code (the caller words them); anything else the parser threw is bad input.
 */
export function malformedMultipart(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  ) {
    return error;
  }
  return new AppError('BAD_REQUEST', 'Malformed multipart body', { reason: code ?? 'MALFORMED_MULTIPART' });
}

function safeName(name: string): string {
  return unsafeTextProblem(name) ? '(unnamed)' : JSON.stringify(name.slice(0, 40));
}

/** A display name: no path, no control characters, at most 120 characters, with a sensible extension. */
export function cleanFileName(name: string, contentType: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120);
  return base === '' ? `upload.${FILE_EXTENSIONS[contentType] ?? 'bin'}` : base;
}

export type StoredDocument = typeof schema.applicationDocuments.$inferSelect;

/**
 * Stores the bytes under a fresh key of the application and records the document row (in `tx`, so
 * the row commits with whatever step change the upload causes). The file is written first: a crash
 * between the two leaves an unreferenced file, never a row without bytes.
 */
export async function storeApplicationDocument(
  tx: Executor,
  storage: FileStorage,
  clock: Clock,
  input: {
    applicationUuid: string;
    type: TDocumentType;
    bytes: Uint8Array;
    contentType: string;
    fileName: string;
    ownerIdentityUuid?: string | null;
  },
): Promise<StoredDocument> {
  const uuid = randomUUID();
  const extension = FILE_EXTENSIONS[input.contentType] ?? 'bin';
  const key = `applications/${input.applicationUuid}/documents/${uuid}.${extension}`;
  const stored = await storage.put(key, input.bytes, input.contentType, { within: tx });
  const [row] = await tx
    .insert(schema.applicationDocuments)
    .values({
      uuid,
      applicationUuid: input.applicationUuid,
      type: input.type,
      ownerIdentityUuid: input.ownerIdentityUuid ?? null,
      fileKey: key,
      fileName: input.fileName,
      contentType: input.contentType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      createdAt: clock.now(),
    })
    .returning();
  return row!;
}

/** Test helper: a multipart body with one file and text fields (what a browser form sends). */
export function multipartBody(
  file: { bytes: Uint8Array; fileName: string; contentType?: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----heloc${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
