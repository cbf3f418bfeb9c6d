import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyOrgSettings,
  diffOrgSettings,
  hoursEntriesOf,
  orgSettingsOf,
  settingsChangeLabel,
  settingsWeekOf,
  svgLogoProblem,
  type TOrgOperations,
  ZOrgSettings,
  type TOrgSettings,
} from './org-settings';
import { DEFAULT_PRICING, mergePricing, ZOrgData, type TOrgData } from './organisation';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="240" height="60" fill="#0b5fa5"/></svg>';

const ORG: TOrgData = {
  orgCode: 'ACME',
  canonicalOrgCode: 'ACME',
  baseUrl: 'https://acme.example.com',
  orgBrand: { name: 'Acme Lending', colors: { primary: '#0b5fa5', secondary: '#0a2540' }, logoSvg: LOGO },
  orgMetaData: {
    kind: 'MORTGAGE_COMPANY',
    companyInfo: {
      companyName: 'Acme Lending, Inc.',
      companyNameShort: 'Acme',
      companyProduct: 'Acme HELOC',
      companyNMLS: '123456',
      companyNmlsURL: 'https://www.nmlsconsumeraccess.org/',
      termsOfUseUrl: '/terms',
      privacyPolicyUrl: '/privacy',
      privacyLinkIsExternal: false,
      licensesUrl: '/licenses',
      companyLegalUrl: '/legal',
      footerImage: 'EHL',
      disclosureCopy: '',
      companyAddress: { street1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' },
      phoneFormatted: '(888) 555-0100',
      email: 'help@acme.example.com',
      organization: 'a California corporation',
      extraFooterUrls: [],
    },
    products: {
      heloc: {
        licensedStates: ['TX', 'CA'],
        referrerRequired: false,
        wholesale: false,
        allowRegulatorReview: false,
        publicFeatureToggles: {},
      },
    },
  },
  orgPricingData: [{ marginAdjustmentBps: 25 }, { creditScoreFloor: 660 }],
};

const WEEK = {
  Monday: '06:00-18:00',
  Tuesday: '06:00-18:00',
  Wednesday: '06:00-18:00',
  Thursday: '06:00-18:00',
  Friday: '06:00-18:00',
  Saturday: '08:00-14:00',
  Sunday: 'Closed',
};
const OFFICER = '7c1a2b3c-0000-4000-8000-000000000001';
const BROKER = '7c1a2b3c-0000-4000-8000-000000000004';
const OPERATIONS: TOrgOperations = {
  hours: { OPS_PHONE: WEEK, OPS_CHAT: { ...WEEK, Sunday: '08:00-17:00' } },
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  featureFlags: {
    'fe-webchat': true,
    'fe-heloc-maintenance': false,
    'fe-heloc-additional-signer-conditions': false,
    'fe-portfolio-manager': false,
    'fe-heloc-broker-identity': false,
    'fe-webchat-borrower-auth': true,
  },
  loanOfficers: [
    {
      uuid: OFFICER,
      originatorName: 'Jordan Reyes',
      brokerName: null,
      nmls: '2104871',
      email: 'jordan.reyes@acme.example.com',
      phoneNumber: '415-555-0101',
      active: true,
    },
    {
      uuid: BROKER,
      originatorName: null,
      brokerName: 'Keystone Home Brokers',
      nmls: '2045518',
      email: null,
      phoneNumber: null,
      active: true,
    },
  ],
};
const base = (): TOrgSettings => orgSettingsOf(ORG, OPERATIONS);
const messages = (settings: unknown) => {
  const parsed = ZOrgSettings.safeParse(settings);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the settings document', () => {
  it('of an organisation holds its brand, contact, states and merged pricing, and is valid', () => {
    const settings = base();
    expect(settings.pricing).toEqual({ ...DEFAULT_PRICING, marginAdjustmentBps: 25, creditScoreFloor: 660 });
    expect(messages(settings)).toEqual([]);
  });

  it('applied to the organisation gives back the same organisation as far as readers can tell', () => {
    const applied = applyOrgSettings(ORG, base());
    expect(mergePricing(applied.orgPricingData)).toEqual(mergePricing(ORG.orgPricingData));
    expect(applied.orgBrand).toEqual(ORG.orgBrand);
    expect(applied.orgMetaData.products.heloc.licensedStates).toEqual(['CA', 'TX']);
    expect(applied.baseUrl).toBe(ORG.baseUrl);
    expect(orgSettingsOf(applied, OPERATIONS)).toEqual({ ...base(), licensedStates: ['CA', 'TX'] });
    // What the borrower's page gets is an organisation ZOrgData accepts (the page checks only its shape).
    expect(ZOrgData.safeParse(applied).success).toBe(true);
  });

  it.each<[string, (s: TOrgSettings) => void, string]>([
    [
      'line min ≥ max',
      (s) => void (s.pricing.minLineCents = s.pricing.maxLineCents),
      'pricing.maxLineCents: The line maximum must be above the line minimum',
    ],
    [
      'APR min ≥ max',
      (s) => void (s.pricing.aprMinBps = 1800),
      'pricing.aprMaxBps: The APR maximum must be above the APR minimum',
    ],
    [
      'APR max above 18%',
      (s) => void (s.pricing.aprMaxBps = 1801),
      'pricing.aprMaxBps: APR maximum must be at most 1800',
    ],
    [
      'fee above 4.99%',
      (s) => void (s.pricing.originationFeeMaxBps = 500),
      'pricing.originationFeeMaxBps: Origination fee maximum must be at most 499',
    ],
    [
      'score floor below 300',
      (s) => void (s.pricing.creditScoreFloor = 299),
      'pricing.creditScoreFloor: Credit score floor must be at least 300',
    ],
    [
      'DTI cap above 65%',
      (s) => void (s.pricing.dtiCapBps = 6501),
      'pricing.dtiCapBps: DTI cap must be at most 6500',
    ],
    [
      'CLTV cap above 100%',
      (s) => void (s.pricing.cltvCapBps = 10001),
      'pricing.cltvCapBps: CLTV cap must be at most 10000',
    ],
    [
      'Texas CLTV above 80%',
      (s) => void (s.pricing.texasCltvCapBps = 8100),
      'pricing.texasCltvCapBps: Texas CLTV cap must be at most 8000',
    ],
    [
      'Texas CLTV above the CLTV cap',
      (s) => void ((s.pricing.cltvCapBps = 7000), (s.pricing.texasCltvCapBps = 7500)),
      'pricing.texasCltvCapBps: The Texas CLTV cap cannot be above the CLTV cap',
    ],
    ['no terms', (s) => void (s.pricing.termsYears = []), 'pricing.termsYears: Offer at least one term'],
    [
      'a term twice',
      (s) => void (s.pricing.termsYears = [10, 10]),
      'pricing.termsYears: A term is listed twice',
    ],
    [
      'a colour that is not hex',
      (s) => void (s.brand.colors.primary = 'blue'),
      'brand.colors.primary: Must be a #rrggbb colour',
    ],
    [
      'a light primary colour',
      (s) => void (s.brand.colors.primary = '#ffcc00'),
      'brand.colors.primary: Contrast with white is 1.51:1; at least 4.5:1 is needed (WCAG AA) for white text and links',
    ],
    [
      'a light secondary colour',
      (s) => void (s.brand.colors.secondary = '#7f7f7f'),
      'brand.colors.secondary: Contrast with white is 4.00:1; at least 4.5:1 is needed (WCAG AA) for white text and links',
    ],
    ['an empty name', (s) => void (s.brand.name = '  '), 'brand.name: Required'],
    [
      'home state not licensed',
      (s) => void (s.licensedStates = ['TX']),
      "licensedStates: The company's home state CA must be a licensed state",
    ],
    [
      'an unknown state',
      (s) => void (s.licensedStates = ['CA', 'XX']),
      'licensedStates.1: Invalid option: expected one of',
    ],
    ['a bad phone', (s) => void (s.contact.phoneFormatted = '555'), 'contact.phoneFormatted: Invalid string'],
    [
      'a logo with a script',
      (s) => void (s.brand.logoSvg = '<svg><script>alert(1)</script></svg>'),
      'brand.logoSvg: The logo may not hold scripts, embedded documents or animation',
    ],
  ])('refuses %s', (_name, change, expected) => {
    const settings = structuredClone(base());
    change(settings);
    expect(
      messages(settings).some((message) => message.startsWith(expected)),
      messages(settings).join('\n'),
    ).toBe(true);
  });

  it('accepts the edges of each range', () => {
    const settings = structuredClone(base());
    Object.assign(settings.pricing, {
      aprMinBps: 1799,
      aprMaxBps: 1800,
      originationFeeMaxBps: 0,
      creditScoreFloor: 850,
      dtiCapBps: 6500,
      cltvCapBps: 10000,
      texasCltvCapBps: 8000,
    });
    settings.brand.colors.primary = '#767676'; // 4.54:1 with white
    expect(messages(settings)).toEqual([]);
  });
});

describe('svgLogoProblem', () => {
  it.each([
    [LOGO, null],
    ['<svg viewBox="0 0 1 1"><image href="data:image/png;base64,AAAA" width="1" height="1"/></svg>', null],
    ['<svg><a href="#x"><rect/></a></svg>', null],
    ['<?xml version="1.0"?><svg></svg>', 'The logo must be one SVG document'],
    ['<svg></svg><script/>', 'The logo must be one SVG document'],
    ['<svg><!DOCTYPE x [<!ENTITY a "b">]></svg>', 'The logo may not declare a DOCTYPE or entities'],
    ['<svg><SCRIPT>1</SCRIPT></svg>', 'The logo may not hold scripts, embedded documents or animation'],
    ['<svg><foreignObject/></svg>', 'The logo may not hold scripts, embedded documents or animation'],
    ['<svg><use href="#a"/></svg>', 'The logo may not hold scripts, embedded documents or animation'],
    ['<svg onload="alert(1)"></svg>', 'The logo may not hold event handlers'],
    ['<svg><image href="https://evil.example/x.png"/></svg>', 'The logo may not reference other files'],
    [
      '<svg><image xlink:href="data:image/svg+xml;base64,AAAA"/></svg>',
      'The logo may not reference other files',
    ],
    ['<svg><rect style="fill:url(https://evil.example/a)"/></svg>', 'The logo may not reference other files'],
    ['<svg><a href="javascript:alert(1)"></a></svg>', 'The logo may not reference other files'],
  ])('%s → %s', (svg, expected) => {
    expect(svgLogoProblem(svg)).toBe(expected);
  });
});

describe('diffOrgSettings', () => {
  it('lists nothing between equal documents, whatever the order of the states', () => {
    const reordered = { ...base(), licensedStates: ['CA', 'TX'] };
    expect(diffOrgSettings(base(), reordered)).toEqual([]);
  });

  it('lists each changed field with its dotted path, sorted', () => {
    const after = structuredClone(base());
    after.brand.colors.primary = '#123456';
    after.pricing.aprMinBps = 900;
    after.pricing.termsYears = [10, 30];
    after.contact.companyAddress.city = 'Clovis';
    after.licensedStates = ['CA'];
    expect(diffOrgSettings(base(), after)).toEqual([
      { path: 'brand.colors.primary', from: '#0b5fa5', to: '#123456' },
      { path: 'contact.companyAddress.city', from: 'Fresno', to: 'Clovis' },
      { path: 'licensedStates', from: ['CA', 'TX'], to: ['CA'] },
      { path: 'pricing.aprMinBps', from: 760, to: 900 },
      { path: 'pricing.termsYears', from: [5, 10, 15, 30], to: [10, 30] },
    ]);
  });

  it('is empty exactly when the documents are equal, and reversing it swaps from and to', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1800 }),
        fc.integer({ min: 300, max: 850 }),
        fc.constantFrom('#0b5fa5', '#123456', '#0a2540'),
        (apr, score, colour) => {
          const after = structuredClone(base());
          after.pricing.aprMinBps = apr;
          after.pricing.creditScoreFloor = score;
          after.brand.colors.primary = colour;
          const forward = diffOrgSettings(base(), after);
          const equal = JSON.stringify(after) === JSON.stringify(base());
          expect(forward.length === 0).toBe(equal);
          expect(diffOrgSettings(after, base())).toEqual(
            forward.map(({ path, from, to }) => ({ path, from: to, to: from })),
          );
        },
      ),
    );
  });
});

describe('operating hours and holidays in the document', () => {
  it.each<[string, (s: TOrgSettings) => void, string | null]>([
    ['a normal week', () => {}, null],
    ['a closed day', (s) => void (s.hours.OPS_PHONE.Monday = 'Closed'), null],
    [
      'the end before the start',
      (s) => void (s.hours.OPS_PHONE.Monday = '18:00-06:00'),
      'hours.OPS_PHONE.Monday: Hours are HH:mm-HH:mm with the end after the start, or Closed',
    ],
    [
      'an empty range',
      (s) => void (s.hours.OPS_CHAT.Friday = '09:00-09:00'),
      'hours.OPS_CHAT.Friday: Hours are HH:mm-HH:mm with the end after the start, or Closed',
    ],
    [
      'a time that is not one',
      (s) => void (s.hours.OPS_CHAT.Sunday = '24:00-25:00'),
      'hours.OPS_CHAT.Sunday: Hours are HH:mm-HH:mm with the end after the start, or Closed',
    ],
    [
      'free text',
      (s) => void (s.hours.OPS_PHONE.Tuesday = 'mornings'),
      'hours.OPS_PHONE.Tuesday: Hours are HH:mm-HH:mm with the end after the start, or Closed',
    ],
    [
      'an impossible holiday date',
      (s) => void (s.holidays = [{ date: '2026-02-30', name: 'X' }]),
      'holidays.0.date: A holiday is a calendar date yyyy-mm-dd',
    ],
    [
      'a holiday date in another format',
      (s) => void (s.holidays = [{ date: '12/25/2026', name: 'X' }]),
      'holidays.0.date: A holiday is a calendar date yyyy-mm-dd',
    ],
    [
      'a holiday without a name',
      (s) => void (s.holidays = [{ date: '2026-12-25', name: ' ' }]),
      'holidays.0.name: Name the holiday',
    ],
    [
      'a date listed twice',
      (s) =>
        void (s.holidays = [
          { date: '2026-12-25', name: 'Christmas' },
          { date: '2026-12-25', name: 'Again' },
        ]),
      'holidays: A holiday date is listed twice',
    ],
  ])('%s', (_, change, expected) => {
    const settings = structuredClone(base());
    change(settings);
    expect(messages(settings)).toEqual(expected ? [expected] : []);
  });

  it('turns a department’s seven entries into the document’s week and back', () => {
    const entries = hoursEntriesOf(WEEK);
    expect(entries[0]).toEqual({
      weekday: 'Monday',
      weekdayValue: 1,
      isOpen: true,
      startTime: '06:00',
      endTime: '18:00',
    });
    expect(entries[6]).toEqual({
      weekday: 'Sunday',
      weekdayValue: 7,
      isOpen: false,
      startTime: null,
      endTime: null,
    });
    expect(settingsWeekOf(entries)).toEqual(WEEK);
    // Seconds in the table's times are dropped; a missing day is closed.
    expect(settingsWeekOf([{ ...entries[0]!, endTime: '18:00:00' }])).toEqual({
      ...Object.fromEntries(Object.keys(WEEK).map((day) => [day, 'Closed'])),
      Monday: '06:00-18:00',
    });
  });

  it('diffs one line per changed day and the holiday list as one value, whatever its order', () => {
    const after = structuredClone(base());
    after.hours.OPS_PHONE.Monday = '07:00-16:00';
    after.hours.OPS_CHAT.Sunday = 'Closed';
    after.holidays = [{ date: '2026-11-26', name: 'Thanksgiving Day' }, ...base().holidays];
    const changes = diffOrgSettings(base(), after);
    expect(changes).toEqual([
      {
        path: 'holidays',
        from: [{ date: '2026-12-25', name: 'Christmas Day' }],
        to: [
          { date: '2026-11-26', name: 'Thanksgiving Day' },
          { date: '2026-12-25', name: 'Christmas Day' },
        ],
      },
      { path: 'hours.OPS_CHAT.Sunday', from: '08:00-17:00', to: 'Closed' },
      { path: 'hours.OPS_PHONE.Monday', from: '06:00-18:00', to: '07:00-16:00' },
    ]);
    const reordered = structuredClone(after);
    reordered.holidays.reverse();
    expect(diffOrgSettings(after, reordered)).toEqual([]);
  });

  it.each([
    ['hours.OPS_PHONE.Monday', 'Phone hours, Monday'],
    ['hours.OPS_CHAT.Sunday', 'Chat hours, Sunday'],
    ['holidays', 'Holidays'],
    ['pricing.aprMinBps', 'pricing.aprMinBps'],
  ])('labels the change %s as “%s”', (path, label) => {
    expect(settingsChangeLabel(path)).toBe(label);
  });
});

describe('feature flags in the document', () => {
  it.each<[string, (s: Record<string, unknown>) => void, string | null]>([
    ['every known flag on or off', () => {}, null],
    [
      'a flag switched',
      (s) => void ((s.featureFlags as Record<string, boolean>)['fe-webchat'] = false),
      null,
    ],
    [
      'a flag the platform does not know',
      (s) => void ((s.featureFlags as Record<string, boolean>)['fe-made-up'] = true),
      'featureFlags: Unrecognized key: "fe-made-up"',
    ],
    [
      'a known flag left out',
      (s) => void delete (s.featureFlags as Record<string, boolean>)['fe-portfolio-manager'],
      'featureFlags.fe-portfolio-manager: Invalid input: expected boolean, received undefined',
    ],
    [
      'a value that is not on or off',
      (s) => void ((s.featureFlags as Record<string, unknown>)['fe-webchat'] = 'yes'),
      'featureFlags.fe-webchat: Invalid input: expected boolean, received string',
    ],
  ])('%s', (_, change, expected) => {
    const settings = structuredClone(base()) as unknown as Record<string, unknown>;
    change(settings);
    expect(messages(settings)).toEqual(expected ? [expected] : []);
  });

  it('diffs one line per flag, labelled with its key', () => {
    const after = structuredClone(base());
    after.featureFlags['fe-heloc-maintenance'] = true;
    const changes = diffOrgSettings(base(), after);
    expect(changes).toEqual([{ path: 'featureFlags.fe-heloc-maintenance', from: false, to: true }]);
    expect(settingsChangeLabel(changes[0]!.path)).toBe('Feature flag fe-heloc-maintenance');
  });
});

describe('loan officers in the document', () => {
  type Officers = Record<string, unknown>[];
  const officers = (s: Record<string, unknown>) => s.loanOfficers as Officers;
  it.each<[string, (s: Record<string, unknown>) => void, string[]]>([
    ['the seed’s kind of list', () => {}, []],
    ['no loan officers at all', (s) => void (s.loanOfficers = []), []],
    ['a lending desk with neither name (no card)', (s) => void (officers(s)[1]!.brokerName = null), []],
    ['deactivated', (s) => void (officers(s)[0]!.active = false), []],
    [
      'an NMLS id that is not digits',
      (s) => void (officers(s)[0]!.nmls = 'NMLS 12'),
      ['loanOfficers.0.nmls: An NMLS id is 1 to 12 digits'],
    ],
    [
      'an NMLS id of 13 digits',
      (s) => void (officers(s)[0]!.nmls = '1234567890123'),
      ['loanOfficers.0.nmls: An NMLS id is 1 to 12 digits'],
    ],
    [
      'a bad e-mail and phone',
      (s) => {
        officers(s)[0]!.email = 'jordan@';
        officers(s)[0]!.phoneNumber = '4155550101';
      },
      [
        'loanOfficers.0.email: Enter a valid e-mail address',
        'loanOfficers.0.phoneNumber: A phone number is 555-555-5555',
      ],
    ],
    [
      'an empty name (null means none)',
      (s) => void (officers(s)[0]!.originatorName = '  '),
      ['loanOfficers.0.originatorName: Fill it in or leave it out (null)'],
    ],
    [
      'an id that is not a UUID',
      (s) => void (officers(s)[0]!.uuid = 'jordan'),
      ['loanOfficers.0.uuid: A loan officer id is a UUID'],
    ],
    [
      'the same officer twice',
      (s) => void officers(s).push({ ...officers(s)[0]!, nmls: '999' }),
      ['loanOfficers: A loan officer is listed twice'],
    ],
    [
      'two officers with one NMLS id',
      (s) => void (officers(s)[1]!.nmls = '2104871'),
      ['loanOfficers: An NMLS id is listed twice'],
    ],
    [
      'no active flag',
      (s) => void delete officers(s)[0]!.active,
      ['loanOfficers.0.active: Invalid input: expected boolean, received undefined'],
    ],
  ])('%s', (_, change, expected) => {
    const settings = structuredClone(base()) as unknown as Record<string, unknown>;
    change(settings);
    expect(messages(settings)).toEqual(expected);
  });

  it.each<[string, (s: TOrgSettings) => void, { path: string; from: unknown; to: unknown }[], string[]]>([
    [
      'an edit and a deactivation: one line per field, whatever the order of the list',
      (s) => {
        s.loanOfficers[0]!.nmls = '2104872';
        s.loanOfficers[1]!.active = false;
        s.loanOfficers.reverse();
      },
      [
        { path: `loanOfficers.${OFFICER}.nmls`, from: '2104871', to: '2104872' },
        { path: `loanOfficers.${BROKER}.active`, from: true, to: false },
      ],
      [`Loan officer ${OFFICER}, NMLS id`, `Loan officer ${BROKER}, Active`],
    ],
    [
      'an added officer: each field from null, an empty one not at all',
      (s) =>
        void s.loanOfficers.push({
          uuid: '7c1a2b3c-0000-4000-8000-0000000000aa',
          originatorName: 'Maya Torres',
          brokerName: null,
          nmls: '2400001',
          email: null,
          phoneNumber: null,
          active: true,
        }),
      [
        { path: 'loanOfficers.7c1a2b3c-0000-4000-8000-0000000000aa.active', from: null, to: true },
        { path: 'loanOfficers.7c1a2b3c-0000-4000-8000-0000000000aa.nmls', from: null, to: '2400001' },
        {
          path: 'loanOfficers.7c1a2b3c-0000-4000-8000-0000000000aa.originatorName',
          from: null,
          to: 'Maya Torres',
        },
      ],
      [
        'Loan officer 7c1a2b3c-0000-4000-8000-0000000000aa, Active',
        'Loan officer 7c1a2b3c-0000-4000-8000-0000000000aa, NMLS id',
        'Loan officer 7c1a2b3c-0000-4000-8000-0000000000aa, Loan officer name',
      ],
    ],
  ])('diffs %s', (_, change, changes, labels) => {
    const after = structuredClone(base());
    change(after);
    const diff = diffOrgSettings(base(), after);
    expect(diff).toEqual(changes);
    expect(diff.map((line) => settingsChangeLabel(line.path))).toEqual(labels);
  });

  it('names the officer as the card does when the document is given', () => {
    const settings = base();
    expect(settingsChangeLabel(`loanOfficers.${OFFICER}.nmls`, settings)).toBe(
      'Loan officer Jordan Reyes, NMLS id',
    );
    expect(settingsChangeLabel(`loanOfficers.${BROKER}.active`, settings)).toBe(
      'Loan officer Keystone Home Brokers, Active',
    );
    expect(settingsChangeLabel('loanOfficers.7c1a2b3c-0000-4000-8000-0000000000ff.active', settings)).toBe(
      'Loan officer 7c1a2b3c-0000-4000-8000-0000000000ff, Active',
    );
  });
});
