import { describe, expect, it } from 'vitest';
import { appHref, isAppPathname } from './paths';

describe('isAppPathname', () => {
  it.each([
    ['/account/heloc', true],
    ['/account/heloc/', true],
    ['/account/heloc/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c/start/profile', true],
    ['/account/heloc-signer/login', false],
    ['/account', false],
    ['/auth/login', false],
    ['/dashboard', false],
    ['/', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isAppPathname(pathname)).toBe(expected);
  });
});

describe('appHref', () => {
  it.each([
    ['/', '/account/heloc/'],
    ['/register', '/account/heloc/register'],
    ['register', '/account/heloc/register'],
  ])('%s → %s', (path, href) => {
    expect(appHref(path)).toBe(href);
  });
});
