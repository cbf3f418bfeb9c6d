import { describe, expect, it } from 'vitest';
import { FieldSealer } from './sealed';

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
    expect(() => sealer.open(`v1.${bytes.toString('base64url')}`, 'app-1:DISBURSEMENT')).toThrow();
  });

  it('refuses a short secret', () => {
    expect(() => new FieldSealer('short')).toThrow(/32 characters/);
  });
});
