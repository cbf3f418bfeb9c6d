/**
 * The one redirect helper: React Router puts a plain path under its basename, so the helper must hand
 * it an absolute URL (which the router takes as is), and load the document only across routers.
 */
import { describe, expect, it } from 'vitest';
import { redirectToSitePath } from './site-redirect';

function result(from: string, to: string) {
  const response = redirectToSitePath(new Request(from), to);
  return {
    status: response.status,
    location: response.headers.get('Location'),
    document: response.headers.has('X-Remix-Reload-Document'),
  };
}

describe('redirectToSitePath', () => {
  it.each([
    // app router → host page: absolute (no basename in front), document load
    ['https://acme.test/account/heloc/', '/dashboard?x=1', 'https://acme.test/dashboard?x=1', true],
    [
      'https://acme.test/account/heloc/plaid-oauth-success',
      '/auth/login?redirectUrl=%2Faccount%2Fheloc%2Fplaid-oauth-success',
      'https://acme.test/auth/login?redirectUrl=%2Faccount%2Fheloc%2Fplaid-oauth-success',
      true,
    ],
    // app router → app page given as a full path: absolute, so the basename is not added a second time
    [
      'https://acme.test/account/heloc/heloc-signer/identity',
      '/account/heloc/heloc-signer/login',
      'https://acme.test/account/heloc/heloc-signer/login',
      false,
    ],
    // host router → host page: client-side
    ['https://acme.test/dashboard/settings', '/auth/login', 'https://acme.test/auth/login', false],
    // host router → app page: document load (the host router has no app pages)
    [
      'https://acme.test/account/register',
      '/account/heloc/register',
      'https://acme.test/account/heloc/register',
      true,
    ],
  ])('from %s to %s', (from, to, location, document) => {
    expect(result(from, to)).toEqual({ status: 302, location, document });
  });

  it('refuses anything but a path of this site', () => {
    expect(() => redirectToSitePath(new Request('https://acme.test/'), '//evil.example/x')).toThrow();
    expect(() => redirectToSitePath(new Request('https://acme.test/'), 'https://evil.example/')).toThrow();
  });
});
