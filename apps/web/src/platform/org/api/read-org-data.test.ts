import { afterEach, describe, expect, it, vi } from 'vitest';
import { orgFixture } from '@/testing/org-fixture';
import { parseOrgData, readOrgData } from './read-org-data';

function page(script: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (script !== null) doc.head.innerHTML = script;
  return doc;
}

const json = (value: unknown) =>
  `<script id="org-data" type="application/json">${JSON.stringify(value)}</script>`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseOrgData', () => {
  it('returns the organisation from valid JSON', () => {
    const org = orgFixture();
    expect(parseOrgData(page(json(org)))).toEqual(org);
  });

  it('reads null (unknown organisation) as null', () => {
    expect(parseOrgData(page(json(null)))).toBeNull();
  });

  it('reads a missing element as null', () => {
    expect(parseOrgData(page(null))).toBeNull();
  });

  it('reads the unreplaced placeholder comment as null', () => {
    expect(parseOrgData(page('<!--app-org-data-->'))).toBeNull();
  });

  it('reads invalid JSON as null', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(
      parseOrgData(page('<script id="org-data" type="application/json">{"orgCode": </script>')),
    ).toBeNull();
  });

  it('reads JSON of the wrong shape as null', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { orgBrand: _omitted, ...withoutBrand } = orgFixture();
    expect(parseOrgData(page(json(withoutBrand)))).toBeNull();
    expect(parseOrgData(page(json({ ...orgFixture(), orgCode: 'lower case' })))).toBeNull();
  });

  it('reads an empty element as null', () => {
    expect(parseOrgData(page('<script id="org-data" type="application/json">  </script>'))).toBeNull();
  });

  it('ignores an element that is not a JSON script', () => {
    expect(parseOrgData(page(`<div id="org-data">${JSON.stringify(orgFixture())}</div>`))).toBeNull();
    expect(
      parseOrgData(page(`<script id="org-data" type="text/plain">${JSON.stringify(orgFixture())}</script>`)),
    ).toBeNull();
  });
});

describe('readOrgData', () => {
  it('reads the page once and keeps the result', () => {
    const org = orgFixture();
    const first = page(json(org));
    expect(readOrgData(first)).toEqual(org);
    first.getElementById('org-data')?.remove();
    expect(readOrgData(first)).toEqual(org);
    expect(readOrgData(page(null))).toEqual(org);
  });
});
