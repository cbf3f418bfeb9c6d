/**
 * Storage key and content-type validation shared by every FileStorage implementation (rules in
 * index.ts). Kept apart from index.ts so the implementations import it without an import cycle.
 */
import { createHash } from 'node:crypto';

export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    // The key is shown JSON-quoted so control characters (NUL) are visible in logs, not interpreted.
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export const MAX_STORAGE_KEY_LENGTH = 512;
/** Reserved for the local implementation's content-type sidecar files. */
export const METADATA_SUFFIX = '.meta.json';
const KEY_CHARACTERS = /^[a-z0-9/_.-]+$/;
/** type/subtype with optional parameters, e.g. "application/pdf" or "text/plain; charset=utf-8". */
const CONTENT_TYPE =
  /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\\]*"|[a-z0-9!#$&^_.+-]+))*$/i;
const MAX_CONTENT_TYPE_LENGTH = 255;

/** Throws InvalidStorageKeyError unless `key` is a safe storage key (rules in the module comment). */
export function assertValidStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(String(key), 'empty');
  if (key.length > MAX_STORAGE_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  // Named checks first so the error says why; the character class alone would reject all of these.
  if (key.includes('\0')) throw new InvalidStorageKeyError(key, 'contains NUL');
  if (key.includes('\\')) throw new InvalidStorageKeyError(key, 'contains a backslash');
  if (key.startsWith('/') || /^[a-z]:/i.test(key)) throw new InvalidStorageKeyError(key, 'absolute path');
  if (key.includes('..')) throw new InvalidStorageKeyError(key, "contains '..'");
  if (!KEY_CHARACTERS.test(key)) {
    throw new InvalidStorageKeyError(key, 'only a-z, 0-9, "/", "_", "-" and "." are allowed');
  }
  for (const segment of key.split('/')) {
    if (segment.length === 0) throw new InvalidStorageKeyError(key, 'empty path segment');
    if (segment.startsWith('.')) throw new InvalidStorageKeyError(key, "a segment starts with '.'");
  }
  if (key.endsWith(METADATA_SUFFIX))
    throw new InvalidStorageKeyError(key, `reserved suffix ${METADATA_SUFFIX}`);
}

export function isValidStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Throws RangeError on a content type that is not a plain media type (it ends up in HTTP headers). */
export function assertValidContentType(contentType: string): void {
  if (contentType.length > MAX_CONTENT_TYPE_LENGTH || !CONTENT_TYPE.test(contentType)) {
    throw new RangeError(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
