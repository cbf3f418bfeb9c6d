import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedRedirectUrl } from './redirect-url';

describe('isAllowedRedirectUrl', () => {
  it.each(['/dashboard', '/account/heloc/3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c/start', '/a', '/x?y=1'])(
    'accepts %j',
    (value) => expect(isAllowedRedirectUrl(value)).toBe(true),
  );

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'http://localhost/dashboard',
    'javascript:alert(1)',
    '/Admin',
    '/1abc',
    '/',
    '/ dashboard',
    '/%2F%2Fevil.com',
    ' /dashboard',
    'dashboard',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => expect(isAllowedRedirectUrl(value)).toBe(false));

  it("accepts any string of '/' then a lowercase letter", () => {
    fc.assert(
      fc.property(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.string(), (letter, rest) => {
        expect(isAllowedRedirectUrl(`/${letter}${rest}`)).toBe(true);
      }),
    );
  });

  it("rejects anything starting with '//' or not starting with '/'", () => {
    fc.assert(
      fc.property(fc.string(), (rest) => {
        expect(isAllowedRedirectUrl(`//${rest}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((value) => !value.startsWith('/')),
        (value) => {
          expect(isAllowedRedirectUrl(value)).toBe(false);
        },
      ),
    );
  });

  it('only ever allows a path on the same origin', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (isAllowedRedirectUrl(value)) {
          expect(new URL(value, 'https://heloc.test').origin).toBe('https://heloc.test');
        }
      }),
    );
  });
});
