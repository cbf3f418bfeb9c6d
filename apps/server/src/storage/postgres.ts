/**
 * FileStorage in the database (table stored_files): every instance on one PostgreSQL reads every
 * document, with no other service to run (DESIGN.md §10). One row per key; a put is one upsert,
 * so readers see the old or the new bytes, never a mix. Documents here are PDFs and uploads of a
 * few MB at most; for large volumes configure S3 (storage/s3.ts) instead.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { schema } from '../db';
import type { FileStorage, TPutOptions, TStoredFile, TStoredObject } from './index';
import { assertValidContentType, assertValidStorageKey, sha256Hex } from './keys';

export class PostgresFileStorage implements FileStorage {
  constructor(private readonly db: Executor) {}

  async put(
    key: string,
    bytes: Uint8Array,
    contentType: string,
    options: TPutOptions = {},
  ): Promise<TStoredObject> {
    assertValidStorageKey(key);
    assertValidContentType(contentType);
    const copy = Uint8Array.from(bytes);
    const sha256 = sha256Hex(copy);
    const row = { key, contentType, bytes: copy, size: copy.byteLength, sha256 };
    await (options.within ?? this.db)
      .insert(schema.storedFiles)
      .values(row)
      .onConflictDoUpdate({
        target: schema.storedFiles.key,
        set: { contentType, bytes: copy, size: copy.byteLength, sha256, updatedAt: sql`now()` },
      });
    return { key, size: copy.byteLength, sha256 };
  }

  async get(key: string): Promise<TStoredFile | null> {
    assertValidStorageKey(key);
    const [row] = await this.db
      .select({ bytes: schema.storedFiles.bytes, contentType: schema.storedFiles.contentType })
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.key, key));
    return row ? { bytes: Uint8Array.from(row.bytes), contentType: row.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.db.delete(schema.storedFiles).where(eq(schema.storedFiles.key, key));
  }

  async exists(key: string): Promise<boolean> {
    assertValidStorageKey(key);
    const [row] = await this.db
      .select({ key: schema.storedFiles.key })
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.key, key));
    return row !== undefined;
  }
}
