import { describe, expect, it } from 'vitest';
import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { FieldSealer, sealedVersion } from './sealed';

const sealer = new FieldSealer('a-test-secret-of-at-least-32-characters!');

describe('FieldSealer', () => {
  it('round-trips, never shows the plaintext, and uses a fresh nonce each time', () => {
    const a = sealer.seal('000123456789', 'app-1:DISBURSEMENT');
    const b = sealer.seal('000123456789', 'app-1:DISBURSEMENT');
    expect(a).not.toContain('123456789');
    expect(a).not.toBe(b);
    expect(sealer.open(a, 'app-1:DISBURSEMENT')).toBe('000123456789');
  });

  it('refuses another context, another key and a tampered value', () => {
    const sealed = sealer.seal('000123456789', 'app-1:DISBURSEMENT');
    expect(() => sealer.open(sealed, 'app-2:DISBURSEMENT')).toThrow();
    expect(() =>
      new FieldSealer('another-secret-of-at-least-32-characters').open(sealed, 'app-1:DISBURSEMENT'),
    ).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    expect(() => sealer.open(`v2.${bytes.toString('base64url')}`, 'app-1:DISBURSEMENT')).toThrow();
  });

  it('refuses a short secret', () => {
    expect(() => new FieldSealer('short')).toThrow(/32 characters/);
  });

  it('names its key version; each version has its own HKDF key from the same secret', () => {
    const secret = 'a-test-secret-of-at-least-32-characters!';
    const v2 = new FieldSealer(secret);
    const v3 = new FieldSealer(secret, { version: 3 });
    const sealed2 = v2.seal('4321', 'ctx');
    const sealed3 = v3.seal('4321', 'ctx');
    expect([sealedVersion(sealed2), sealedVersion(sealed3)]).toEqual([2, 3]);
    // Any version opens any other's values: the version names the key.
    expect(v3.open(sealed2, 'ctx')).toBe('4321');
    expect(v2.open(sealed3, 'ctx')).toBe('4321');
    // The key is HKDF-SHA256 of the secret, not the secret's hash (what version 1 used).
    const bytes = Buffer.from(sealed3.slice(3), 'base64url');
    const open = (key: Buffer) => {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from('ctx'));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString();
    };
    const hkdfKey = Buffer.from(
      hkdfSync('sha256', Buffer.from(secret), 'heloc-platform/data-encryption', 'sealed-field-key:v3', 32),
    );
    expect(open(hkdfKey)).toBe('4321');
    expect(() => open(createHash('sha256').update(secret).digest())).toThrow();
  });

  it('opens values of a previous secret when given it, and refuses versions below 2 for sealing', () => {
    const old = new FieldSealer('an-old-secret-of-at-least-32-characters!!');
    const sealed = old.seal('000123456789', 'ctx');
    const current = new FieldSealer('a-new-secret-of-at-least-32-characters!!!', {
      previousSecrets: ['an-old-secret-of-at-least-32-characters!!'],
    });
    expect(current.open(sealed, 'ctx')).toBe('000123456789');
    expect(() => new FieldSealer('a-new-secret-of-at-least-32-characters!!!').open(sealed, 'ctx')).toThrow();
    expect(() => new FieldSealer('a-new-secret-of-at-least-32-characters!!!', { version: 1 })).toThrow();
  });
});
