import { describe, expect, it } from 'vitest';
import { buildFooterModel, INTERNAL_PRIVACY_PATH, offerFinePrint, WEB_CHAT_NOTE } from './footer';
import { weekdayName } from './operating-hours';
import { mergePricing, ZOrgData } from './organisation';
import type { TOrgData, TPricingEntry } from './organisation';
import { US_STATE_CODES } from './us-states';
import type { UsStateCode } from './us-states';

const ALL_50 = US_STATE_CODES.filter((code) => code !== 'DC');

interface OrgOverrides {
  kind?: 'MAIN_LENDER' | 'MORTGAGE_COMPANY' | 'CREDIT_UNION';
  canonicalOrgCode?: string;
  licensedStates?: UsStateCode[];
  allowRegulatorReview?: boolean;
  toggles?: Record<string, boolean>;
  privacyLinkIsExternal?: boolean;
  footerImage?: 'EHL' | 'EOL' | 'OTHER';
  pricing?: TPricingEntry[];
  disclosureCopy?: string;
}

/** A valid organisation (checked against ZOrgData so the fixture cannot drift from the schema). */
function org(overrides: OrgOverrides = {}): TOrgData {
  return ZOrgData.parse({
    orgCode: 'ACME',
    canonicalOrgCode: overrides.canonicalOrgCode ?? 'ACME',
    orgBrand: {
      name: 'Acme Lending',
      colors: { primary: '#1c7ed6', secondary: '#212529' },
      logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
    baseUrl: 'https://heloc.acme.test',
    orgMetaData: {
      kind: overrides.kind ?? 'MORTGAGE_COMPANY',
      companyInfo: {
        companyName: 'Acme Lending, LLC',
        companyNameShort: 'Acme',
        companyProduct: 'Acme HELOC',
        companyNMLS: '123456',
        companyNmlsURL: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/123456',
        termsOfUseUrl: '/terms',
        privacyPolicyUrl: 'https://acme.test/privacy',
        privacyLinkIsExternal: overrides.privacyLinkIsExternal ?? false,
        licensesUrl: 'https://acme.test/licenses',
        companyLegalUrl: 'https://acme.test/legal',
        footerImage: overrides.footerImage ?? 'EHL',
        disclosureCopy: overrides.disclosureCopy ?? '',
        companyAddress: {
          street1: '1 MARKET STREET NW',
          street2: 'suite 4B',
          city: 'SAN FRANCISCO',
          state: 'CA',
          zip: '94105',
        },
        phoneFormatted: '(888) 819-6388',
        email: 'help@acme.test',
        organization: 'a Delaware limited liability company',
        extraFooterUrls: [{ type: 'FOOTER', url: 'https://acme.test/accessibility', name: 'Accessibility' }],
      },
      products: {
        heloc: {
          licensedStates: overrides.licensedStates ?? ['CA', 'TX'],
          referrerRequired: false,
          wholesale: false,
          allowRegulatorReview: overrides.allowRegulatorReview ?? false,
          publicFeatureToggles: overrides.toggles ?? {},
        },
      },
    },
    orgPricingData: overrides.pricing ?? [],
  });
}

describe('buildFooterModel: New York notice', () => {
  it.each([
    {
      name: 'regulator review wins even when NY is not listed',
      overrides: { allowRegulatorReview: true, licensedStates: ['CA'] as UsStateCode[] },
      variant: 'REGULATOR_REVIEW',
      text: /Acme Lending, LLC is a licensed mortgage banker with the New York State Department/,
    },
    {
      name: 'regulator review with NY licensed',
      overrides: { allowRegulatorReview: true, licensedStates: ['NY'] as UsStateCode[] },
      variant: 'REGULATOR_REVIEW',
      text: /may be reviewed by the New York State Department of Financial Services/,
    },
    {
      name: 'NY not licensed',
      overrides: { allowRegulatorReview: false, licensedStates: ['CA', 'NJ'] as UsStateCode[] },
      variant: 'NOT_LICENSED',
      text: /^No New York property applications are accepted through this site\.$/,
    },
    {
      name: 'NY licensed without regulator review',
      overrides: { allowRegulatorReview: false, licensedStates: ['CA', 'NY'] as UsStateCode[] },
      variant: 'LICENSED',
      text: /^New York property applications are accepted through this site\.$/,
    },
  ])('$name → $variant', ({ overrides, variant, text }) => {
    const notice = buildFooterModel(org(overrides)).newYorkNotice;
    expect(notice.variant).toBe(variant);
    expect(notice.text).toMatch(text);
  });
});

describe('buildFooterModel: NCUA logo toggle', () => {
  it.each([
    { toggles: {}, shown: false },
    { toggles: { nationalCreditUnionAdministrationLogo: false }, shown: false },
    { toggles: { somethingElse: true }, shown: false },
    { toggles: { nationalCreditUnionAdministrationLogo: true }, shown: true },
  ] as { toggles: Record<string, boolean>; shown: boolean }[])(
    'toggles $toggles → shown $shown',
    ({ toggles, shown }) => {
      expect(buildFooterModel(org({ toggles })).showNcuaLogo).toBe(shown);
    },
  );
});

describe('buildFooterModel: more states to come', () => {
  const fortyNinePlusDc = [...ALL_50.filter((code) => code !== 'WY'), 'DC'] as UsStateCode[];
  it.each([
    { name: 'main lender, 2 states', canonical: 'MAIN', states: ['CA', 'TX'] as UsStateCode[], shown: true },
    { name: 'main lender, 49 states', canonical: 'MAIN', states: ALL_50.slice(1), shown: true },
    {
      name: 'main lender, 49 states + DC (DC is no state)',
      canonical: 'MAIN',
      states: fortyNinePlusDc,
      shown: true,
    },
    { name: 'main lender, 50 states', canonical: 'MAIN', states: ALL_50, shown: false },
    { name: 'main lender, 50 states + DC', canonical: 'MAIN', states: US_STATE_CODES, shown: false },
    {
      name: 'NY variant of the main lender',
      canonical: 'MAIN',
      states: ['NY'] as UsStateCode[],
      shown: true,
    },
    { name: 'partner, 2 states', canonical: 'ACME', states: ['CA', 'TX'] as UsStateCode[], shown: false },
    { name: 'partner, 50 states', canonical: 'ACME', states: ALL_50, shown: false },
  ])('$name → shown $shown', ({ canonical, states, shown }) => {
    const model = buildFooterModel(org({ canonicalOrgCode: canonical, licensedStates: states }));
    expect(model.moreStatesNote).toBe(shown ? 'More states coming soon.' : null);
  });
});

describe('buildFooterModel: privacy link', () => {
  it.each([
    { external: false, href: INTERNAL_PRIVACY_PATH, newTab: false },
    { external: true, href: 'https://acme.test/privacy', newTab: true },
  ])('privacyLinkIsExternal $external → $href', ({ external, href, newTab }) => {
    const privacy = buildFooterModel(org({ privacyLinkIsExternal: external })).links.find(
      (link) => link.kind === 'PRIVACY',
    );
    expect(privacy).toEqual({ kind: 'PRIVACY', label: 'Privacy Policy', href, newTab });
  });
});

describe('buildFooterModel: links', () => {
  it('lists terms, privacy, licenses, then the extra footer links; only absolute URLs open a new tab', () => {
    expect(buildFooterModel(org()).links).toEqual([
      { kind: 'TERMS', label: 'Terms of Use', href: '/terms', newTab: false },
      { kind: 'PRIVACY', label: 'Privacy Policy', href: '/privacy', newTab: false },
      { kind: 'LICENSES', label: 'Licenses', href: 'https://acme.test/licenses', newTab: true },
      { kind: 'EXTRA', label: 'Accessibility', href: 'https://acme.test/accessibility', newTab: true },
    ]);
  });
});

describe('buildFooterModel: lender mark', () => {
  it.each([
    { image: 'EHL' as const, mark: { kind: 'EHL', label: 'Equal Housing Lender' } },
    { image: 'EOL' as const, mark: { kind: 'EOL', label: 'Equal Opportunity Lender' } },
    { image: 'OTHER' as const, mark: null },
  ])('footerImage $image', ({ image, mark }) => {
    expect(buildFooterModel(org({ footerImage: image })).lenderMark).toEqual(mark);
  });
});

describe('buildFooterModel: company, contact and states', () => {
  const model = buildFooterModel(org({ licensedStates: ['TX', 'CA', 'DC', 'CA'] }));

  it('shows the address title-cased, then state and zip', () => {
    expect(model.address).toBe('1 Market Street NW, Suite 4B, San Francisco, CA 94105');
  });

  it('names the company, its NMLS number and registry link', () => {
    expect(model.companyName).toBe('Acme Lending, LLC');
    expect(model.nmls).toEqual({
      label: 'NMLS #123456',
      number: '123456',
      href: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/123456',
    });
  });

  it('gives tel: and mailto: links for customer service, without hours or chat note by default', () => {
    expect(model.customerService).toEqual({
      phone: { label: '(888) 819-6388', href: 'tel:+18888196388' },
      email: { label: 'help@acme.test', href: 'mailto:help@acme.test' },
      hours: null,
      webChatNote: null,
    });
  });

  it('lists licensed states once each, with full names, sorted by name', () => {
    expect(model.licensedStates).toEqual([
      { code: 'CA', name: 'California' },
      { code: 'DC', name: 'District of Columbia' },
      { code: 'TX', name: 'Texas' },
    ]);
  });

  it('mentions 256-bit encryption', () => {
    expect(model.securityNote).toMatch(/256-bit encryption/);
  });

  it.each([
    { copy: '', expected: null },
    { copy: '   ', expected: null },
    { copy: 'Acme is a member of ACME Group.', expected: 'Acme is a member of ACME Group.' },
  ])('disclosure copy "$copy" → $expected', ({ copy, expected }) => {
    expect(buildFooterModel(org({ disclosureCopy: copy })).disclosureCopy).toBe(expected);
  });
});

describe('buildFooterModel: disclosure footnotes', () => {
  it('numbers the footnotes 1..n in a fixed order', () => {
    const notes = buildFooterModel(org()).footnotes;
    expect(notes.map((note) => note.number)).toEqual(notes.map((_, index) => index + 1));
    expect(notes.map((note) => note.key)).toEqual([
      'SECURED',
      'DRAWS',
      'APPROVAL',
      'FUNDING',
      'CREDIT_PULL',
      'AMOUNTS_AND_APR',
      'ORIGINATION_FEE',
      'COSTS',
      'INSURANCE',
      'TAX',
    ]);
  });

  it('states every disclosure fact of the spec with the default figures', () => {
    const text = buildFooterModel(org())
      .footnotes.map((note) => note.text)
      .join('\n');
    for (const fact of [
      /secured by your home/,
      /open-end line of credit/,
      /100% of the line amount, minus the origination fee, is drawn at origination/,
      /initial amount has a fixed rate/,
      /Prime Rate of the prior calendar month plus a fixed margin/,
      /about five minutes/,
      /income and employment/,
      /property condition report showing the home in at least average condition/,
      /five business days when you close with a remote online notary/,
      /electronic signatures cannot be recorded, or where an in-person closing or a waiting period applies/,
      /soft credit pull is used to check your rate\. A hard credit pull is made when you apply/,
      /Loan amounts run from \$15,000 to \$400,000\./,
      /APR \(annual percentage rate\) ranges from 7\.60% to 17\.20%\./,
      /origination fee is up to 4\.99% of the initial draw/,
      /valuation fee of \$180 if no automated valuation is available/,
      /manual notarization of \$300/,
      /recording fees of \$0 to \$315/,
      /recording taxes of \$0 to \$1,400 per \$100,000 borrowed/,
      /Property insurance is required\. Flood insurance may be required\./,
      /tax advisor regarding the deductibility of interest/,
    ]) {
      expect(text).toMatch(fact);
    }
  });

  it('takes amounts, APR and fee from the merged pricing (later entries win)', () => {
    const text = buildFooterModel(
      org({
        pricing: [
          { minLineCents: 25_000_00, aprMinBps: 800 },
          { maxLineCents: 250_000_00, aprMaxBps: 1599, originationFeeMaxBps: 250 },
          { aprMinBps: 825 },
        ],
      }),
    )
      .footnotes.map((note) => note.text)
      .join('\n');
    expect(text).toMatch(/from \$25,000 to \$250,000/);
    expect(text).toMatch(/from 8\.25% to 15\.99%/);
    expect(text).toMatch(/up to 2\.50% of the initial draw/);
  });

  it('says there is no origination fee when the partner charges none', () => {
    const text = buildFooterModel(org({ pricing: [{ originationFeeMaxBps: 0 }] }))
      .footnotes.map((note) => note.text)
      .join('\n');
    expect(text).toContain('There is no origination fee.');
    expect(text).not.toMatch(/up to 0\.00%/);
  });
});

/** A week of OPS_PHONE hours: weekdays 06:00–18:00, Saturday as given, Sunday closed. */
function phoneWeek(saturday: [string, string] | null) {
  return [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => {
    const range: [string, string] | null =
      weekdayValue <= 5 ? ['06:00', '18:00'] : weekdayValue === 6 ? saturday : null;
    return {
      weekday: weekdayName(weekdayValue),
      weekdayValue,
      isOpen: range !== null,
      startTime: range?.[0] ?? null,
      endTime: range?.[1] ?? null,
    };
  });
}

describe('buildFooterModel: operating hours line', () => {
  it('gives the Monday–Friday range and the weekend range in Pacific time', () => {
    const model = buildFooterModel(org(), { operatingHours: phoneWeek(['08:00', '14:00']) });
    expect(model.customerService.hours).toBe(
      'Hours: Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed',
    );
  });

  it('joins a closed weekend into one range', () => {
    const model = buildFooterModel(org(), { operatingHours: phoneWeek(null) });
    expect(model.customerService.hours).toBe(
      'Hours: Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday–Sunday: Closed',
    );
  });

  it.each([{ operatingHours: null }, { operatingHours: [] }, {}])(
    'shows no line while the hours are unknown or empty (%o)',
    (extras) => {
      expect(buildFooterModel(org(), extras).customerService.hours).toBeNull();
    },
  );
});

describe('buildFooterModel: web chat note', () => {
  it.each([
    { webChatEnabled: true, note: WEB_CHAT_NOTE },
    { webChatEnabled: false, note: null },
  ])('fe-webchat $webChatEnabled → $note', ({ webChatEnabled, note }) => {
    expect(buildFooterModel(org(), { webChatEnabled }).customerService.webChatNote).toBe(note);
  });

  it('promises a person only during chat hours (the note is shown at any hour)', () => {
    expect(WEB_CHAT_NOTE).not.toMatch(/is available/);
    expect(WEB_CHAT_NOTE).toContain('virtual assistant answers at any hour; live agents during chat hours');
  });
});

describe('buildFooterModel: Illinois community reinvestment notice', () => {
  const illinois = (overrides: OrgOverrides) =>
    buildFooterModel(org(overrides)).links.find((link) => link.kind === 'ILLINOIS_NOTICE');

  it.each([
    { name: 'mortgage company licensed in IL', kind: 'MORTGAGE_COMPANY', states: ['CA', 'IL'], shown: true },
    { name: 'main lender licensed in IL', kind: 'MAIN_LENDER', states: ['IL'], shown: true },
    { name: 'mortgage company not licensed in IL', kind: 'MORTGAGE_COMPANY', states: ['CA'], shown: false },
    { name: 'credit union licensed in IL (exempt)', kind: 'CREDIT_UNION', states: ['IL'], shown: false },
  ] as { name: string; kind: OrgOverrides['kind']; states: UsStateCode[]; shown: boolean }[])(
    '$name → shown $shown',
    ({ kind, states, shown }) => {
      const link = illinois({ kind, licensedStates: states });
      if (!shown) {
        expect(link).toBeUndefined();
        return;
      }
      expect(link).toEqual({
        kind: 'ILLINOIS_NOTICE',
        label: 'Illinois Community Reinvestment Notice',
        href: '/licenses#illinois-community-reinvestment-notice',
        newTab: false,
      });
    },
  );

  it('comes after the licenses link and before the extra links', () => {
    const kinds = buildFooterModel(org({ licensedStates: ['IL'] })).links.map((link) => link.kind);
    expect(kinds).toEqual(['TERMS', 'PRIVACY', 'LICENSES', 'ILLINOIS_NOTICE', 'EXTRA']);
  });
});

describe('offerFinePrint', () => {
  it.each([
    [
      'platform pricing: the spec 1 §1 sentences',
      [],
      'Loan amounts run from $15,000 to $400,000 and the APR range is 7.60% to 17.20%. The origination fee is up to 4.99% of the initial draw.',
    ],
    [
      "a lender's own limits and fee",
      [{ minLineCents: 25_000_00, maxLineCents: 250_000_00, originationFeeMaxBps: 250 }],
      'Loan amounts run from $25,000 to $250,000 and the APR range is 7.60% to 17.20%. The origination fee is up to 2.50% of the initial draw.',
    ],
    [
      'a lender without an origination fee',
      [{ originationFeeMaxBps: 0 }],
      'Loan amounts run from $15,000 to $400,000 and the APR range is 7.60% to 17.20%. There is no origination fee.',
    ],
  ] satisfies [string, TPricingEntry[], string][])('%s', (_name, pricing, opening) => {
    expect(offerFinePrint(mergePricing(pricing)).startsWith(opening)).toBe(true);
  });
});
