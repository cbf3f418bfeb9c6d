/**
 * File storage interface (DESIGN.md §10): generated documents and uploads go through it so the
 * server stays stateless — a local directory by default, an S3-compatible store in production.
 *
 * Keys are opaque to callers but always validated here, because an implementation may map them onto
 * a file system: lower-case letters, digits, '/', '_', '-' and '.', made of non-empty segments that
 * never start with a dot (no '.', '..', hidden or temp names), no leading or trailing '/', and never
 * the sidecar suffix the local implementation keeps metadata under.
 */
import type { Executor } from '../db';

export interface TStoredObject {
  key: string;
  /** Bytes stored. */
  size: number;
  /** Lower-case hex SHA-256 of the bytes, for integrity checks and idempotent re-generation. */
  sha256: string;
}

export interface TPutOptions {
  within?: Executor;
}

export interface TStoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /**
   * Stores (or replaces) the object at `key`; readers see the old or the new bytes, never a mix.
   * `within`: the caller's open transaction, which a database-backed storage writes in (it then
   * commits or rolls back with the caller's rows; on the one-connection embedded database a second
   * connection would wait for that transaction forever). Other storages ignore it.
   */
  put(key: string, bytes: Uint8Array, contentType: string, options?: TPutOptions): Promise<TStoredObject>;
  /** The object, or null when nothing is stored at `key`. */
  get(key: string): Promise<TStoredFile | null>;
  /** Removes the object; deleting a missing key is not an error (deletes are idempotent). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export {
  assertValidContentType,
  assertValidStorageKey,
  InvalidStorageKeyError,
  isValidStorageKey,
  MAX_STORAGE_KEY_LENGTH,
  METADATA_SUFFIX,
  sha256Hex,
} from './keys';
export { LocalFileStorage, type TLocalFileStorageOptions } from './local';
export { MemoryFileStorage } from './memory';
export { PostgresFileStorage } from './postgres';
