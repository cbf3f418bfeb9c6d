import { describe, expect, it } from 'vitest';
import type { TOrgData } from '@heloc/domain';
import { resolvePageOrganisation, type PageOrganisationInput } from './page-organisation';

const org = (orgCode: string, host: string) => ({ orgCode, baseUrl: `https://${host}` }) as TOrgData;
const orgs = [org('MAIN', 'main.example'), org('ACU', 'acu.example')];
const directory = {
  byOrgCode: (code: string | null | undefined) => orgs.find((o) => o.orgCode === code?.toUpperCase()) ?? null,
  byRequestHost: (host: string | undefined) => orgs.find((o) => new URL(o.baseUrl).host === host) ?? null,
};
const base: PageOrganisationInput = {
  queryOrg: undefined,
  cookieOrg: undefined,
  host: 'localhost:3000',
  orgQueryParam: true,
  defaultOrgCode: 'MAIN',
};

describe('resolvePageOrganisation', () => {
  it.each<[string, Partial<PageOrganisationInput>, string | null, { remember?: string; forget?: true }]>([
    [
      'query wins over host and cookie',
      { queryOrg: 'acu', host: 'main.example', cookieOrg: 'MAIN' },
      'ACU',
      { remember: 'ACU' },
    ],
    ['unknown query gives no organisation', { queryOrg: 'NOPE' }, null, { forget: true }],
    ['host wins over cookie', { host: 'acu.example', cookieOrg: 'MAIN' }, 'ACU', {}],
    ['cookie when the host is unknown', { cookieOrg: 'ACU' }, 'ACU', {}],
    ['stale cookie falls back to the default', { cookieOrg: 'GONE' }, 'MAIN', {}],
    ['default when nothing else matches', {}, 'MAIN', {}],
    ['no default in production: no organisation', { defaultOrgCode: null }, null, {}],
    [
      'query and cookie ignored when disabled',
      { orgQueryParam: false, queryOrg: 'ACU', cookieOrg: 'ACU' },
      'MAIN',
      {},
    ],
  ])('%s', (_label, input, expected, flags) => {
    const result = resolvePageOrganisation(directory, { ...base, ...input });
    expect(result.org?.orgCode ?? null).toBe(expected);
    expect(result.remember).toBe(flags.remember);
    expect(result.forget).toBe(flags.forget);
  });
});
