/**
 * Sealing of sensitive fields at rest (DESIGN.md §9: SSN and account numbers encrypted, shown as the
 * last 4): AES-256-GCM with a random 96-bit nonce per value. The record's id is bound in as associated
 * data, so a sealed SSN copied onto another borrower's row does not open. Format:
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url), versioned so a key rotation can add `v2`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class FieldCrypto {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('The field encryption key must be 32 bytes');
  }

  /** A fresh key (tests and the simulator, which keep nothing). */
  static ephemeral(): FieldCrypto {
    return new FieldCrypto(randomBytes(32).toString('base64'));
  }

  seal(plain: string, boundTo: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was tampered with, sealed for another record or with another key. */
  open(sealed: string, boundTo: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined)
      throw new Error('Malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
