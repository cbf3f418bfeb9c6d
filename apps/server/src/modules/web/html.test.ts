import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadOrganisations } from '../../seed/organisations';
import { jsonForScriptElement, preloadLinks, renderPage } from './html';

describe('jsonForScriptElement', () => {
  it('round-trips any JSON value and never contains markup characters', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const encoded = jsonForScriptElement(value);
        expect(encoded).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(encoded)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('neutralises a script breakout', () => {
    expect(jsonForScriptElement({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
  });
});

describe('preloadLinks', () => {
  const preloads = [
    { path: '^/auth/login$', scripts: ['/a/login.js'], styles: [] },
    {
      path: '^/app/[0-9]+(?:/.*)?$',
      scripts: ['/a/frame.js', '/a/shared.js'],
      styles: ['/a/frame.css'],
      run: ['/a/early.js'],
    },
    {
      path: '^/app/[0-9]+/profile$',
      scripts: ['/a/profile.js', '/a/shared.js'],
      styles: ['/a/x" onload="y.css'],
    },
  ];

  it('runs the early scripts first, then announces the chunks of every matching route once', () => {
    expect(preloadLinks(preloads, '/app/12/profile')).toBe(
      '<script type="module" async crossorigin src="/a/early.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/a/frame.js">' +
        '<link rel="modulepreload" crossorigin href="/a/shared.js">' +
        '<link rel="modulepreload" crossorigin href="/a/profile.js">' +
        '<link rel="preload" as="style" crossorigin href="/a/frame.css">',
    );
    expect(preloadLinks(preloads, '/auth/login')).toBe(
      '<link rel="modulepreload" crossorigin href="/a/login.js">',
    );
    expect(preloadLinks(preloads, '/auth/login/x')).toBe('');
  });

  it('renderPage puts them after the organisation data', () => {
    const page = renderPage(
      '<head><!--app-org-data--></head>',
      null,
      '<link rel="modulepreload" href="/a.js">',
    );
    expect(page).toBe(
      '<head><script id="org-data" type="application/json">null</script><link rel="modulepreload" href="/a.js"></head>',
    );
  });

  it('renderPage leaves out the HMDA reporter settings (tax id, filing contact)', () => {
    const main = loadOrganisations().find((org) => org.orgCode === 'MAIN')!;
    expect(main.orgMetaData.hmda?.taxId).toBe('99-0000001');
    const page = renderPage('<!--app-org-data-->', main);
    expect(page).toContain('Harborline');
    expect(page).not.toContain('99-0000001');
    expect(page).not.toContain('"hmda"');
  });
});
