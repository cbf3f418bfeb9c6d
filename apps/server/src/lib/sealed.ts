/**
 * Fields sealed at rest (DESIGN.md §9: account numbers encrypted, shown masked). AES-256-GCM with a
 * random 96-bit nonce per value; the key is SHA-256 of the configured secret (DATA_ENCRYPTION_KEY or
 * DATA_DIR/data-key), so any secret of 32+ characters gives a full-strength key. Each value is bound
 * to its context (e.g. application id and purpose) as additional authenticated data: a sealed number
 * copied into another row does not open.
 *
 * Format: `v1.<base64url(nonce ‖ tag ‖ ciphertext)>`; the version leaves room for key rotation.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class FieldSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('the data encryption key must be at least 32 characters');
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  /** A key for another purpose derived from the same secret (never the sealing key itself). */
  derive(purpose: string): Buffer {
    return createHash('sha256').update(this.key).update(`\u0000${purpose}`).digest();
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** Throws when the value was tampered with, sealed under another key or for another context. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new Error('unknown sealed value format');
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
