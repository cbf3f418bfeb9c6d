/** Page serving through HTTP: organisation choice, embedded data, assets, redirects. */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, PAGE_FEATURE_FLAGS_ELEMENT_ID, ZOrgData } from '@heloc/domain';
import { DOCUMENT_ONLY_HEADERS } from '../../plugins/security';
import { MAINTENANCE_DEMO_ORG } from '../../seed/feature-flags';
import { createTestApp, type TestApp } from '../../test/app';
import { ORG_DATA_PLACEHOLDER } from './html';

// A minimal build output, so page serving is tested without running the web build.
const distDir = mkdtempSync(path.join(tmpdir(), 'heloc-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>x</title>${ORG_DATA_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
);
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(distDir, 'assets', 'pdf.worker.min-abc123.mjs'), 'onmessage = () => {}');
writeFileSync(path.join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A compressible asset as the build leaves it: the file and its brotli and gzip copies.
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
writeFileSync(path.join(distDir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
writeFileSync(path.join(distDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
writeFileSync(path.join(distDir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
mkdirSync(path.join(distDir, '.vite'));
writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{"src/app/main.tsx":{"isEntry":true}}');
writeFileSync(
  path.join(distDir, '.vite', 'preloads.json'),
  JSON.stringify([
    {
      path: '^/auth/login$',
      scripts: ['/account/heloc/assets/login-abc.js'],
      styles: ['/account/heloc/assets/login-abc.css'],
    },
  ]),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: distDir, orgQueryParam: true, defaultOrgCode: 'MAIN' });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

function embeddedOrg(html: string): unknown {
  const match = /<script id="org-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no org-data element');
  return JSON.parse(match[1]!);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function embeddedFlags(html: string): unknown {
  const match = new RegExp(
    `<script id="${PAGE_FEATURE_FLAGS_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe("pages carry their visitor's feature decisions", () => {
  const featuresFor = async (organization: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/service-optimize/heloc/api/v1/features',
        payload: { optimizeUser: { organization } },
      })
    ).json() as { features: Record<string, unknown> };

  it.each(['MAIN', MAINTENANCE_DEMO_ORG])(
    '%s: what POST …/api/v1/features answers that visitor',
    async (orgCode) => {
      const res = await get(`/auth/login?org=${orgCode}`);
      const flags = embeddedFlags(res.body) as { features: Record<string, { enabled: boolean }> };
      expect(flags).toEqual({ organization: orgCode, application: null, ...(await featuresFor(orgCode)) });
      // The organisation's own rows are in it: maintenance is on for the demo organisation only.
      expect(flags.features[FEATURE_FLAGS.maintenance]!.enabled).toBe(orgCode === MAINTENANCE_DEMO_ORG);
    },
  );

  it('names the application of the path, the user the page would ask for', async () => {
    const uuid = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';
    const res = await get(`/account/heloc/${uuid}/start/profile?org=MAIN`);
    expect(embeddedFlags(res.body)).toMatchObject({ organization: 'MAIN', application: uuid });
  });

  it('an unknown organisation gets none', async () => {
    const res = await get('/auth/login?org=NO_SUCH_ORG');
    expect(embeddedFlags(res.body)).toBeUndefined();
  });
});

describe('pages carry the organisation', () => {
  it('?org=CODE embeds that organisation, valid against the shared schema, and remembers it', async () => {
    const other = t.app.orgs.all().find((org) => org.orgCode !== 'MAIN')!;
    const res = await get(`/account/heloc/?org=${other.orgCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const org = ZOrgData.parse(embeddedOrg(res.body));
    expect(org.orgCode).toBe(other.orgCode);
    expect(res.body).toContain(
      `<title>${other.orgBrand.name.replaceAll('&', '&amp;')} | Home Equity Line of Credit</title>`,
    );
    const cookie = res.cookies.find((c) => c.name === 'heloc_org');
    expect(cookie).toMatchObject({ value: other.orgCode, httpOnly: true, sameSite: 'Lax', path: '/' });

    // Remembered for the session: a later page without ?org gets the same organisation.
    const later = await get('/dashboard', { cookie: `heloc_org=${other.orgCode}` });
    expect((embeddedOrg(later.body) as { orgCode: string }).orgCode).toBe(other.orgCode);
  });

  it('an unknown ?org embeds null (the page says "No private label data found.") and forgets the choice', async () => {
    const res = await get('/account/heloc/?org=NO_SUCH_ORG');
    expect(res.statusCode).toBe(200);
    expect(embeddedOrg(res.body)).toBeNull();
    expect(res.cookies.find((c) => c.name === 'heloc_org')?.value).toBe('');
  });

  it('the request host selects its organisation', async () => {
    const org = t.app.orgs.all().find((o) => o.orgCode !== 'MAIN')!;
    const res = await get('/account/heloc/anything/deep', { host: new URL(org.baseUrl).host });
    expect((embeddedOrg(res.body) as { orgCode: string }).orgCode).toBe(org.orgCode);
  });

  it('an unknown host falls back to the default organisation', async () => {
    const res = await get('/auth/login', { host: 'unknown.example' });
    expect((embeddedOrg(res.body) as { orgCode: string }).orgCode).toBe('MAIN');
  });

  it.each([
    '/auth/login',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/dashboard',
    '/dashboard/settings',
    '/contact',
    '/terms',
    '/privacy',
    '/licenses',
    '/communications',
    '/coming-soon',
  ])('host page %s is served from the same build', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it("a first screen announces its own chunks (the build's preloads.json), other pages do not", async () => {
    const login = await get('/auth/login?org=MAIN');
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/account/heloc/assets/login-abc.js">',
    );
    expect(login.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/account/heloc/assets/login-abc.css">',
    );
    expect((await get('/terms')).body).not.toContain('login-abc');
  });

  it('organisation data cannot break out of its script element', async () => {
    const res = await get('/account/heloc/?org=MAIN');
    const element = /<script id="org-data" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(element).not.toMatch(/[<>]/);
  });
});

describe('assets', () => {
  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await get('/account/heloc/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('an asset carries the headers that apply to it, not those only a document uses (issue 17)', async () => {
    const asset = await get('/account/heloc/assets/index-abc123.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    // The page itself keeps them all, and so do a worker's script (its CSP is the worker's own) and an
    // SVG file (a document when opened on its own).
    for (const url of [
      '/account/heloc/?org=MAIN',
      '/account/heloc/assets/pdf.worker.min-abc123.mjs',
      '/account/heloc/logo.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it('a missing asset is a JSON 404, never the HTML page', async () => {
    const res = await get('/account/heloc/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('the build manifest is not served', async () => {
    const res = await get('/account/heloc/.vite/manifest.json');
    expect(res.body).not.toContain('isEntry');
  });

  it('the raw index.html (without organisation) is not exposed', async () => {
    const res = await get('/account/heloc/index.html');
    expect(res.body).not.toContain('<!--app-org-data-->');
  });
});

describe('compression (issue 17)', () => {
  it.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'a hashed asset accepted as %s is the build-time %s copy, immutable, varying by Accept-Encoding',
    async (accept, encoding, decode) => {
      const res = await get('/account/heloc/assets/big-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(BIG_SCRIPT);
    },
  );

  it('a browser that accepts no encoding gets the file as it is (still varying by Accept-Encoding)', async () => {
    const res = await get('/account/heloc/assets/big-abc123.js', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(BIG_SCRIPT);
  });

  it('pages (HTML above the threshold) are compressed per request', async () => {
    const res = await get('/account/heloc/?org=MAIN', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<script id="org-data"');
  });

  it('JSON answers above the threshold are compressed, small ones are not', async () => {
    const big = await get('/docs/json', {
      'accept-encoding': 'gzip',
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toBeTruthy();

    const small = await get('/healthz', { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('redirects keep the query string', () => {
  it.each([
    ['/', '/dashboard'],
    ['/account', '/dashboard'],
    ['/account/heloc', '/account/heloc/'],
    [
      '/account/register?referrer=abc&maintenance=true',
      '/account/heloc/register?referrer=abc&maintenance=true',
    ],
    ['/account/heloc-signer/resume?pop-webchat=true', '/account/heloc/heloc-signer/resume?pop-webchat=true'],
    ['/?pop-webchat=true&referrer=x', '/dashboard?pop-webchat=true&referrer=x'],
  ])('%s → %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
  });
});

describe('without a web build', () => {
  it('pages answer 503 with a clear message instead of a blank page', async () => {
    const bare = await createTestApp({ webDistDir: path.join(distDir, 'missing') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/account/heloc/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: 'The web app is not built: run `npm run build`' });
    } finally {
      await bare.close();
    }
  });
});
