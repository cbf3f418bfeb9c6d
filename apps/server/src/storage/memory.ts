/**
 * In-memory FileStorage for tests and single-process demos. Bytes are copied in and out so a caller
 * mutating its buffer after put (or the result of get) cannot change what is stored.
 */
import { assertValidContentType, assertValidStorageKey, sha256Hex } from './keys';
import type { FileStorage, TStoredFile, TStoredObject } from './index';

export class MemoryFileStorage implements FileStorage {
  private readonly objects = new Map<string, TStoredFile>();

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<TStoredObject> {
    assertValidStorageKey(key);
    assertValidContentType(contentType);
    const copy = Uint8Array.from(bytes);
    this.objects.set(key, { bytes: copy, contentType });
    return { key, size: copy.byteLength, sha256: sha256Hex(copy) };
  }

  async get(key: string): Promise<TStoredFile | null> {
    assertValidStorageKey(key);
    const stored = this.objects.get(key);
    return stored ? { bytes: Uint8Array.from(stored.bytes), contentType: stored.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    this.objects.delete(key);
  }

  async exists(key: string): Promise<boolean> {
    assertValidStorageKey(key);
    return this.objects.has(key);
  }

  /** Stored keys, sorted (test assertions). */
  keys(): string[] {
    return [...this.objects.keys()].sort();
  }
}
