/**
 * FileStorage on a local directory (the default; DESIGN.md §10), e.g. DATA_DIR/files.
 *
 * Each object is the file `<root>/<key>` plus a sidecar `<root>/<key>.meta.json` holding its content
 * type. Writes go to a temporary file in the same directory and are renamed into place: rename is
 * atomic on one file system, so a reader (or a crash) never sees a half-written object under a key.
 * Temp names start with '.', which valid keys never do, so they cannot collide with an object.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage, TStoredFile, TStoredObject } from './index';
import { assertValidContentType, assertValidStorageKey, METADATA_SUFFIX, sha256Hex } from './keys';

export interface TLocalFileStorageOptions {
  /**
   * Writes a temporary file; defaults to fs.promises.writeFile. Tests inject a failing writer to
   * prove that a failed write leaves nothing (or the previous object) under the key.
   */
  writeFile?: (filePath: string, bytes: Uint8Array) => Promise<void>;
}

interface TMetadata {
  contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export class LocalFileStorage implements FileStorage {
  private readonly root: string;
  private readonly writeTemp: (filePath: string, bytes: Uint8Array) => Promise<void>;

  constructor(rootDir: string, options: TLocalFileStorageOptions = {}) {
    this.root = path.resolve(rootDir);
    this.writeTemp = options.writeFile ?? ((filePath, bytes) => writeFile(filePath, bytes, { flag: 'wx' }));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<TStoredObject> {
    assertValidContentType(contentType);
    const filePath = this.pathFor(key);
    await mkdir(path.dirname(filePath), { recursive: true });
    const metadata: TMetadata = { contentType };
    // Data first: an object without its sidecar still reads (as octet-stream) — never the reverse,
    // a sidecar that makes exists() lie about a missing file.
    await this.writeAtomically(filePath, bytes);
    await this.writeAtomically(
      filePath + METADATA_SUFFIX,
      new TextEncoder().encode(JSON.stringify(metadata)),
    );
    return { key, size: bytes.byteLength, sha256: sha256Hex(bytes) };
  }

  async get(key: string): Promise<TStoredFile | null> {
    const filePath = this.pathFor(key);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(filePath));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return { bytes, contentType: await this.readContentType(filePath) };
  }

  async delete(key: string): Promise<void> {
    const filePath = this.pathFor(key);
    // force: a missing file is fine, so repeating a delete gives the same result.
    await rm(filePath, { force: true });
    await rm(filePath + METADATA_SUFFIX, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Validates the key, then double-checks the resolved path stays under the root (defence in depth). */
  private pathFor(key: string): string {
    assertValidStorageKey(key);
    const filePath = path.resolve(this.root, ...key.split('/'));
    if (!filePath.startsWith(this.root + path.sep)) {
      throw new Error(`Storage key resolves outside the storage root: ${JSON.stringify(key)}`);
    }
    return filePath;
  }

  private async writeAtomically(filePath: string, bytes: Uint8Array): Promise<void> {
    const tempPath = path.join(
      path.dirname(filePath),
      `.${path.basename(filePath)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await this.writeTemp(tempPath, bytes);
      await rename(tempPath, filePath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  private async readContentType(filePath: string): Promise<string> {
    try {
      const parsed: unknown = JSON.parse(await readFile(filePath + METADATA_SUFFIX, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'contentType' in parsed) {
        const { contentType } = parsed;
        if (typeof contentType === 'string') return contentType;
      }
      return DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isNotFound(error)) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }
}
