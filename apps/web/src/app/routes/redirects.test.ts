import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { dashboardLoader, hostPageLoader, legacyRegisterLoader, legacySignerLoader } from './redirects';

function args(url: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(url), params, context: undefined } as unknown as LoaderFunctionArgs;
}

function target(response: unknown): { location: string | null; document: boolean } {
  expect(response).toBeInstanceOf(Response);
  const headers = (response as Response).headers;
  return { location: headers.get('Location'), document: headers.has('X-Remix-Reload-Document') };
}

describe('redirect loaders', () => {
  it.each(['terms', 'communications', 'privacy', 'licenses'] as const)(
    'app /%s leaves to the host page with a document load',
    (page) => {
      const result = hostPageLoader(page)(args(`https://acme.test/account/heloc/${page}?maintenance=true`));
      expect(target(result)).toEqual({
        location: `https://acme.test/${page}?maintenance=true`,
        document: true,
      });
    },
  );

  it('/account/register goes to the app register page keeping the query string', () => {
    const result = legacyRegisterLoader(args('https://acme.test/account/register?referrer=lo-1&step=2'));
    expect(target(result)).toEqual({
      location: 'https://acme.test/account/heloc/register?referrer=lo-1&step=2',
      document: true,
    });
  });

  it.each([
    ['https://acme.test/account/heloc-signer', '', 'https://acme.test/account/heloc/heloc-signer'],
    [
      'https://acme.test/account/heloc-signer/resume?x=1',
      'resume',
      'https://acme.test/account/heloc/heloc-signer/resume?x=1',
    ],
  ])('%s goes to the app signer flow', (url, splat, location) => {
    expect(target(legacySignerLoader(args(url, { '*': splat })))).toEqual({ location, document: true });
  });

  it('bare paths go to the dashboard inside the host router', () => {
    expect(target(dashboardLoader(args('https://acme.test/?pop-webchat=true')))).toEqual({
      location: 'https://acme.test/dashboard?pop-webchat=true',
      document: false,
    });
  });
});
