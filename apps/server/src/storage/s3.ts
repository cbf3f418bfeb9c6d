/**
 * FileStorage on S3 or an S3-compatible store (MinIO, Cloudflare R2, …) through @aws-sdk/client-s3,
 * chosen by S3_BUCKET (DESIGN.md §10): every instance reads every document. A PutObject replaces
 * the object atomically (readers see the old or the new one). Credentials come from the SDK's
 * default chain (environment, shared files, instance or task role), never from our configuration.
 *
 * Covered by a unit test against a fake client (storage.test.ts, the same contract as the other
 * implementations); it has not been run against a real S3 here (no network).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage, TStoredFile, TStoredObject } from './index';
import { assertValidContentType, assertValidStorageKey, sha256Hex } from './keys';

/** The part of S3Client this storage uses (tests pass a fake). */
export type S3Like = Pick<S3Client, 'send'>;

export type TS3FileStorageOptions = {
  bucket: string;
  /** Prepended to every key, e.g. `heloc/prod/` (keep the trailing slash). */
  prefix?: string;
  region?: string | null;
  endpoint?: string | null;
  forcePathStyle?: boolean;
  client?: S3Like;
};

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  private readonly client: S3Like;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: TS3FileStorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.client =
      options.client ??
      new S3Client({
        ...(options.region && { region: options.region }),
        ...(options.endpoint && { endpoint: options.endpoint }),
        forcePathStyle: options.forcePathStyle ?? false,
      });
  }

  private objectKey(key: string): string {
    assertValidStorageKey(key);
    return this.prefix + key;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<TStoredObject> {
    const objectKey = this.objectKey(key);
    assertValidContentType(contentType);
    const copy = Uint8Array.from(bytes);
    const sha256 = sha256Hex(copy);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: copy,
        ContentType: contentType,
        ContentLength: copy.byteLength,
        // S3 checks the bytes it received against this (base64 SHA-256) and refuses a mismatch.
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
      }),
    );
    return { key, size: copy.byteLength, sha256 };
  }

  async get(key: string): Promise<TStoredFile | null> {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!answer.Body) return null;
      const bytes = await answer.Body.transformToByteArray();
      return { bytes: Uint8Array.from(bytes), contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too: deletes are idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}
