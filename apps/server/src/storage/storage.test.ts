import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { schema } from '../db';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { S3FileStorage, type S3Like } from './s3';
import {
  PostgresFileStorage,
  assertValidStorageKey,
  InvalidStorageKeyError,
  isValidStorageKey,
  LocalFileStorage,
  MemoryFileStorage,
  sha256Hex,
  type FileStorage,
} from './index';

const PDF = 'application/pdf';
const bytesOf = (text: string) => new TextEncoder().encode(text);

const TRAVERSAL_KEYS = [
  '../secret',
  'a/../../etc/passwd',
  'a/..',
  '..',
  '/etc/passwd',
  'c:/windows/win.ini',
  'a\\b',
  '..\\..\\x',
  'a\0b',
  'applications/x.pdf\0.png',
  '',
  'a//b',
  'a/',
  './a',
  'a/.hidden',
  'A/B.pdf',
  'a b',
  'a%2f..%2fb',
  'doc.pdf.meta.json',
  'x'.repeat(513),
];

describe('storage keys', () => {
  it.each(['applications/3f2a/early-heloc-disclosure.pdf', 'a', 'a-b_c.d/e', 'uploads/2026/07/02/x.v2.pdf'])(
    'accepts %j',
    (key) => {
      expect(isValidStorageKey(key)).toBe(true);
    },
  );

  it.each(TRAVERSAL_KEYS)('rejects %j', (key) => {
    expect(() => assertValidStorageKey(key)).toThrow(InvalidStorageKeyError);
  });
});

async function temporaryDirectory(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'heloc-storage-'));
}

/**
 * A stand-in for S3Client.send: objects in a map, the SDK's command classes and error shapes
 * (NoSuchKey on GET, a bare 404 on HEAD). It checks the SHA-256 the storage sends, as S3 does.
 */
export function fakeS3(): S3Like & { objects: Map<string, { body: Uint8Array; contentType?: string }> } {
  const objects = new Map<string, { body: Uint8Array; contentType?: string }>();
  const notFound = (name: string) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 404 } });
  const send = async (command: unknown) => {
    if (command instanceof PutObjectCommand) {
      const { Bucket, Key, Body, ContentType, ChecksumSHA256 } = command.input;
      const body = Uint8Array.from(Body as Uint8Array);
      if (ChecksumSHA256 !== Buffer.from(sha256Hex(body), 'hex').toString('base64'))
        throw new Error('BadDigest');
      objects.set(`${Bucket}/${Key}`, { body, ...(ContentType && { contentType: ContentType }) });
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const found = objects.get(`${command.input.Bucket}/${command.input.Key}`);
      if (!found) throw notFound('NoSuchKey');
      return {
        ContentType: found.contentType,
        Body: { transformToByteArray: async () => Uint8Array.from(found.body) },
      };
    }
    if (command instanceof HeadObjectCommand) {
      if (!objects.has(`${command.input.Bucket}/${command.input.Key}`)) throw notFound('NotFound');
      return {};
    }
    if (command instanceof DeleteObjectCommand) {
      objects.delete(`${command.input.Bucket}/${command.input.Key}`);
      return {};
    }
    throw new Error('unexpected command');
  };
  return { objects, send: send as S3Like['send'] };
}

let sharedDatabase: Promise<TestDatabase> | undefined;
afterAll(async () => (await sharedDatabase)?.destroy());

const implementations: [string, () => Promise<{ storage: FileStorage; cleanup: () => Promise<void> }>][] = [
  [
    'postgres',
    async () => {
      // One database for the file (PGlite takes seconds to start); each test starts from no rows.
      sharedDatabase ??= createTestDatabase();
      const database = await sharedDatabase;
      await database.db.delete(schema.storedFiles);
      return { storage: new PostgresFileStorage(database.db), cleanup: async () => {} };
    },
  ],
  [
    's3 (fake client)',
    async () => ({
      storage: new S3FileStorage({ bucket: 'docs', prefix: 'heloc/test/', client: fakeS3() }),
      cleanup: async () => {},
    }),
  ],
  ['memory', async () => ({ storage: new MemoryFileStorage(), cleanup: async () => {} })],
  [
    'local',
    async () => {
      const dir = await temporaryDirectory();
      return { storage: new LocalFileStorage(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
];

describe.each(implementations)('%s FileStorage', (_name, make) => {
  let storage: FileStorage;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    ({ storage, cleanup } = await make());
  });
  afterEach(async () => {
    await cleanup();
  });

  it('puts, gets, checks and deletes an object', async () => {
    const bytes = bytesOf('%PDF-1.7 hello');
    const stored = await storage.put('applications/abc/summary.pdf', bytes, PDF);
    expect(stored).toEqual({
      key: 'applications/abc/summary.pdf',
      size: bytes.byteLength,
      sha256: sha256Hex(bytes),
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.exists('applications/abc/summary.pdf')).toBe(true);

    const read = await storage.get('applications/abc/summary.pdf');
    expect(read?.contentType).toBe(PDF);
    expect(Buffer.from(read?.bytes ?? []).toString()).toBe('%PDF-1.7 hello');

    await storage.delete('applications/abc/summary.pdf');
    expect(await storage.exists('applications/abc/summary.pdf')).toBe(false);
    expect(await storage.get('applications/abc/summary.pdf')).toBeNull();
    // Idempotent: deleting again is not an error.
    await storage.delete('applications/abc/summary.pdf');
  });

  it('answers null / false for a missing key', async () => {
    expect(await storage.get('nothing/here')).toBeNull();
    expect(await storage.exists('nothing/here')).toBe(false);
  });

  it('replaces an object and its content type', async () => {
    await storage.put('k', bytesOf('one'), 'text/plain');
    await storage.put('k', bytesOf('two!'), 'text/plain; charset=utf-8');
    const read = await storage.get('k');
    expect(Buffer.from(read?.bytes ?? []).toString()).toBe('two!');
    expect(read?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('is not affected by the caller mutating its buffer', async () => {
    const bytes = bytesOf('abc');
    await storage.put('k', bytes, 'text/plain');
    bytes[0] = 0x7a;
    expect(Buffer.from((await storage.get('k'))?.bytes ?? []).toString()).toBe('abc');
  });

  it('stores empty and binary objects', async () => {
    await storage.put('empty', new Uint8Array(), 'application/octet-stream');
    expect((await storage.get('empty'))?.bytes.byteLength).toBe(0);
    const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
    await storage.put('binary', binary, 'application/octet-stream');
    expect([...((await storage.get('binary'))?.bytes ?? [])]).toEqual([...binary]);
  });

  it.each(TRAVERSAL_KEYS)('rejects the key %j on every operation', async (key) => {
    await expect(storage.put(key, bytesOf('x'), PDF)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('rejects a content type that is not a media type', async () => {
    await expect(storage.put('k', bytesOf('x'), 'pdf')).rejects.toThrow(RangeError);
    await expect(storage.put('k', bytesOf('x'), 'text/plain\r\nX-Evil: 1')).rejects.toThrow(RangeError);
    expect(await storage.exists('k')).toBe(false);
  });
});

describe('LocalFileStorage on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await temporaryDirectory();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the object under the key and its content type in a sidecar', async () => {
    const storage = new LocalFileStorage(path.join(dir, 'files'));
    await storage.put('applications/abc/notice.pdf', bytesOf('pdf'), PDF);
    const files = await readdir(path.join(dir, 'files', 'applications', 'abc'));
    expect(files.sort()).toEqual(['notice.pdf', 'notice.pdf.meta.json']);
  });

  it('reads an object without a sidecar as application/octet-stream', async () => {
    const storage = new LocalFileStorage(dir);
    await writeFile(path.join(dir, 'raw.bin'), bytesOf('raw'));
    expect((await storage.get('raw.bin'))?.contentType).toBe('application/octet-stream');
  });

  it('leaves nothing under the key, and no temp file, when a write fails part-way', async () => {
    const storage = new LocalFileStorage(dir, {
      // Writes half the bytes, then fails, like a full disk.
      writeFile: async (filePath, bytes) => {
        await writeFile(filePath, bytes.subarray(0, bytes.byteLength / 2));
        throw new Error('ENOSPC: no space left on device');
      },
    });
    await expect(storage.put('applications/abc/doc.pdf', bytesOf('0123456789'), PDF)).rejects.toThrow(
      'ENOSPC',
    );
    expect(await storage.exists('applications/abc/doc.pdf')).toBe(false);
    expect(await storage.get('applications/abc/doc.pdf')).toBeNull();
    expect(await readdir(path.join(dir, 'applications', 'abc'))).toEqual([]);
  });

  it('keeps the previous object intact when an overwrite fails part-way', async () => {
    await new LocalFileStorage(dir).put('doc.pdf', bytesOf('complete old version'), PDF);
    const failing = new LocalFileStorage(dir, {
      writeFile: async (filePath, bytes) => {
        await writeFile(filePath, bytes.subarray(0, 3));
        throw new Error('EIO');
      },
    });
    await expect(failing.put('doc.pdf', bytesOf('new version'), 'text/plain')).rejects.toThrow('EIO');
    const read = await new LocalFileStorage(dir).get('doc.pdf');
    expect(Buffer.from(read?.bytes ?? []).toString()).toBe('complete old version');
    expect(read?.contentType).toBe(PDF);
    expect((await readdir(dir)).sort()).toEqual(['doc.pdf', 'doc.pdf.meta.json']);
  });

  it('never writes outside its root', async () => {
    const root = path.join(dir, 'root');
    const storage = new LocalFileStorage(root);
    await expect(storage.put('../escape', bytesOf('x'), PDF)).rejects.toThrow(InvalidStorageKeyError);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('S3FileStorage', () => {
  it('keeps objects under the prefix in the bucket, with their content type', async () => {
    const client = fakeS3();
    const storage = new S3FileStorage({ bucket: 'docs', prefix: 'heloc/prod/', client });
    await storage.put('applications/abc/notice.pdf', bytesOf('pdf'), PDF);
    expect([...client.objects.keys()]).toEqual(['docs/heloc/prod/applications/abc/notice.pdf']);
    expect(client.objects.get('docs/heloc/prod/applications/abc/notice.pdf')?.contentType).toBe(PDF);
  });

  it('passes errors other than "not found" on', async () => {
    const storage = new S3FileStorage({
      bucket: 'docs',
      client: {
        send: (async () => {
          throw Object.assign(new Error('AccessDenied'), {
            name: 'AccessDenied',
            $metadata: { httpStatusCode: 403 },
          });
        }) as S3Like['send'],
      },
    });
    await expect(storage.get('k')).rejects.toThrow('AccessDenied');
    await expect(storage.exists('k')).rejects.toThrow('AccessDenied');
  });
});
