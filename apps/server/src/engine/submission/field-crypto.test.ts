import { describe, expect, it } from 'vitest';
import { FieldCrypto } from './field-crypto';

describe('FieldCrypto (AES-256-GCM at rest)', () => {
  const crypto = FieldCrypto.ephemeral();
  it('opens what it sealed, for the same record only', () => {
    const sealed = crypto.seal('123456789', 'identity-a');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('123456789');
    expect(crypto.seal('123456789', 'identity-a')).not.toBe(sealed);
    expect(crypto.open(sealed, 'identity-a')).toBe('123456789');
    expect(() => crypto.open(sealed, 'identity-b')).toThrow();
  });
  it('refuses a tampered value, another key and a malformed one', () => {
    const sealed = crypto.seal('1234', 'app');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => crypto.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'app')).toThrow();
    expect(() => FieldCrypto.ephemeral().open(sealed, 'app')).toThrow();
    expect(() => crypto.open('v1.x', 'app')).toThrow('Malformed');
    expect(() => new FieldCrypto(Buffer.alloc(16).toString('base64'))).toThrow('32 bytes');
  });
});
