/**
 * Fields sealed at rest (DESIGN.md §9: SSNs, freeze PINs, account numbers; shown masked). AES-256-GCM
 * with a random 96-bit nonce per value. Each value is bound to its context (e.g. application id and
 * purpose) as additional authenticated data: a sealed number copied into another row does not open.
 *
 * Keys: every key is derived with HKDF-SHA256 (node:crypto) from the configured secret
 * (DATA_ENCRYPTION_KEY or DATA_DIR/data-key), one per key version (`info` names the version), so
 * rotating to a new version needs no new secret. The current version is the highest row of the
 * `data_key_versions` table (2 when it is empty); `npm run keys:rotate` adds a version and re-seals
 * every sealed field under it (lib/key-rotation.ts). Version 1 is the format before HKDF (key =
 * SHA-256 of the secret): still opened, never written. To replace the secret itself, start with the
 * new DATA_ENCRYPTION_KEY and the old one in DATA_ENCRYPTION_KEY_PREVIOUS, then rotate.
 *
 * Format: `v<version>.<base64url(nonce ‖ tag ‖ ciphertext)>`.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { rowsOf } from '../db';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The format before HKDF: opened, never written. */
export const LEGACY_KEY_VERSION = 1;
/** The key version of a database that was never rotated. */
export const INITIAL_KEY_VERSION = 2;
/** HKDF salt: fixed and public (the secret is the input key material); it separates this product's keys. */
const HKDF_SALT = 'heloc-platform/data-encryption';

function hkdf(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), HKDF_SALT, info, 32));
}

export type SealerOptions = {
  /** The version new values are sealed under (default INITIAL_KEY_VERSION). */
  version?: number;
  /** Earlier secrets, tried when the current one does not open a value (after replacing the secret). */
  previousSecrets?: readonly string[];
};

export class FieldSealer {
  readonly version: number;
  private readonly secrets: readonly string[];
  private readonly keys = new Map<string, Buffer>();

  constructor(secret: string, options: SealerOptions = {}) {
    for (const each of [secret, ...(options.previousSecrets ?? [])]) {
      if (each.length < 32) throw new Error('the data encryption key must be at least 32 characters');
    }
    const version = options.version ?? INITIAL_KEY_VERSION;
    if (!Number.isInteger(version) || version < INITIAL_KEY_VERSION) {
      throw new Error(`the key version must be a whole number of at least ${INITIAL_KEY_VERSION}`);
    }
    this.version = version;
    this.secrets = [secret, ...(options.previousSecrets ?? [])];
  }

  private key(secretIndex: number, version: number): Buffer {
    const id = `${secretIndex}:${version}`;
    let key = this.keys.get(id);
    if (!key) {
      const secret = this.secrets[secretIndex]!;
      key =
        version === LEGACY_KEY_VERSION
          ? createHash('sha256').update(secret, 'utf8').digest()
          : hkdf(secret, `sealed-field-key:v${version}`);
      this.keys.set(id, key);
    }
    return key;
  }

  /** A key for another purpose derived from the current secret (HKDF; never a sealing key). */
  derive(purpose: string): Buffer {
    return hkdf(this.secrets[0]!, `derived-key:${purpose}`);
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(0, this.version), nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v${this.version}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** Throws when the value was tampered with, sealed under an unknown key or for another context. */
  open(sealed: string, context: string): string {
    const version = sealedVersion(sealed);
    const payload = sealed.slice(sealed.indexOf('.') + 1);
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
    for (let index = 0; index < this.secrets.length; index += 1) {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.key(index, version),
        bytes.subarray(0, NONCE_BYTES),
      );
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Not this secret (GCM's tag says so): try the previous one.
      }
    }
    throw new Error('the sealed value does not open with any configured key');
  }
}

/** The key version a sealed value names. */
export function sealedVersion(sealed: string): number {
  const match = /^v(\d{1,6})\./.exec(sealed);
  if (!match) throw new Error('unknown sealed value format');
  return Number(match[1]);
}

/** The current key version recorded in the database (INITIAL_KEY_VERSION when never rotated). */
export async function currentKeyVersion(db: Executor): Promise<number> {
  const result = await db.execute(sql`select max(version) as version from data_key_versions`);
  const version = rowsOf<{ version: number | null }>(result)[0]?.version;
  return version === null || version === undefined ? INITIAL_KEY_VERSION : Number(version);
}

/** The sealer for this database: its current key version, the configured secret(s). */
export async function loadFieldSealer(
  db: Executor,
  secret: string,
  previousSecrets: readonly string[] = [],
): Promise<FieldSealer> {
  return new FieldSealer(secret, { version: await currentKeyVersion(db), previousSecrets });
}
