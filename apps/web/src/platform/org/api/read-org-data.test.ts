import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrgData } from '@heloc/domain';
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

  it.each([
    ['a canonical code that is not one', (org: TOrgData) => ({ ...org, canonicalOrgCode: 'x' })],
    ['no brand colours', (org: TOrgData) => ({ ...org, orgBrand: { ...org.orgBrand, colors: null } })],
    ['no logo', (org: TOrgData) => ({ ...org, orgBrand: { ...org.orgBrand, logoSvg: '' } })],
    [
      'no company info',
      (org: TOrgData) => ({ ...org, orgMetaData: { ...org.orgMetaData, companyInfo: [] } }),
    ],
    ['no HELOC product', (org: TOrgData) => ({ ...org, orgMetaData: { ...org.orgMetaData, products: {} } })],
    ['pricing that is not a list', (org: TOrgData) => ({ ...org, orgPricingData: {} })],
    ['a pricing entry that is not an object', (org: TOrgData) => ({ ...org, orgPricingData: [7] })],
    ['no base URL', (org: TOrgData) => ({ ...org, baseUrl: undefined })],
  ])('reads data with %s as null', (_case, misshape) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseOrgData(page(json(misshape(orgFixture()))))).toBeNull();
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
