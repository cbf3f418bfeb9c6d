import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, US_STATE_CODES, ZOrgData, mergePricing, type TOrgData } from '@heloc/domain';
import { escapeXml, generateBrandLogoSvg, LOGO_SHAPE_COUNT, logoShapeIndex } from './brand-logo';
import { contrastRatio, relativeLuminance, WCAG_AA_NORMAL_TEXT } from '@heloc/domain';
import {
  findOrganisation,
  findOrganisationByHost,
  loadOrganisations,
  parseOrganisations,
} from './organisations';
import seedData from './organisations.json' with { type: 'json' };

const orgs = loadOrganisations();
const WHITE = '#ffffff';

const byCode = (code: string): TOrgData => {
  const org = findOrganisation(orgs, code);
  if (!org) throw new Error(`missing ${code}`);
  return org;
};
const heloc = (org: TOrgData) => org.orgMetaData.products.heloc;
const info = (org: TOrgData) => org.orgMetaData.companyInfo;
const ofKind = (kind: TOrgData['orgMetaData']['kind']) => orgs.filter((org) => org.orgMetaData.kind === kind);
const duplicates = (values: readonly string[]) => values.filter((value, i) => values.indexOf(value) !== i);
/** The wordmark's text as markup (entities kept), its lines joined by a space. */
const wordmarkText = (svg: string) =>
  svg
    .slice(svg.indexOf('</g>') + '</g>'.length)
    .replace(/<\/tspan><tspan[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '');

/**
 * Minimal well-formedness check for the generated SVG: tags balance with one root <svg>, attribute
 * values are quoted without '<', and text holds no raw '<', '>' or unescaped '&'.
 */
function checkWellFormed(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let roots = 0;
  let cursor = 0;
  for (const match of svg.matchAll(tag)) {
    const text = svg.slice(cursor, match.index);
    if (/[<>]/.test(text)) problems.push(`raw markup in text: ${text}`);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) problems.push(`unescaped & in text: ${text}`);
    cursor = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name);
    }
  }
  if (cursor !== svg.length) problems.push(`trailing content: ${svg.slice(cursor)}`);
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`expected one root element, found ${roots}`);
  return problems;
}

describe('seeded organisations: shape and counts', () => {
  it('every entry satisfies ZOrgData', () => {
    for (const org of orgs) expect(() => ZOrgData.parse(org), org.orgCode).not.toThrow();
    expect(orgs).toHaveLength(seedData.length);
  });

  it('has about 50 organisations with at least 20 mortgage companies and 20 credit unions', () => {
    expect(orgs.length).toBeGreaterThanOrEqual(45);
    expect(orgs.length).toBeLessThanOrEqual(55);
    expect(ofKind('MORTGAGE_COMPANY').length).toBeGreaterThanOrEqual(20);
    expect(ofKind('CREDIT_UNION').length).toBeGreaterThanOrEqual(20);
    expect(ofKind('MAIN_LENDER').map((org) => org.orgCode)).toEqual(['MAIN', 'MAIN_NY', 'MAIN_WHOLESALE']);
  });

  it('partners are their own canonical organisation; the main family points at MAIN', () => {
    for (const org of orgs) {
      const expected = org.orgMetaData.kind === 'MAIN_LENDER' ? 'MAIN' : org.orgCode;
      expect(org.canonicalOrgCode, org.orgCode).toBe(expected);
    }
  });

  it('has unique orgCodes, NMLS ids and baseUrl hosts on the reserved .example TLD', () => {
    expect(duplicates(orgs.map((org) => org.orgCode))).toEqual([]);
    expect(duplicates(orgs.map((org) => info(org).companyNMLS))).toEqual([]);
    const hosts = orgs.map((org) => new URL(org.baseUrl).hostname);
    expect(duplicates(hosts)).toEqual([]);
    for (const org of orgs) {
      const url = new URL(org.baseUrl);
      expect(url.protocol, org.orgCode).toBe('https:');
      expect(url.hostname, org.orgCode).toMatch(/\.example$/);
      expect(`${url.origin}`, org.orgCode).toBe(org.baseUrl);
    }
  });
});

describe('seeded organisations: the main lender and its variants', () => {
  it('MAIN is licensed in exactly 47 states, not NY, no DC, and needs no referrer', () => {
    const main = byCode('MAIN');
    const states = heloc(main).licensedStates;
    expect(main.canonicalOrgCode).toBe('MAIN');
    expect(main.orgMetaData.kind).toBe('MAIN_LENDER');
    expect(new Set(states).size).toBe(47);
    expect(states).toHaveLength(47);
    expect(states).not.toContain('NY');
    expect(states).not.toContain('DC');
    expect(heloc(main)).toMatchObject({
      allowRegulatorReview: false,
      referrerRequired: false,
      wholesale: false,
    });
    expect(info(main).phoneFormatted).toBe('(888) 819-6388');
  });

  it('MAIN_NY is licensed in New York and open to regulator review', () => {
    const ny = byCode('MAIN_NY');
    expect(ny.canonicalOrgCode).toBe('MAIN');
    expect(heloc(ny).licensedStates).toContain('NY');
    expect(heloc(ny).licensedStates.length).toBeGreaterThan(1);
    expect(heloc(ny).allowRegulatorReview).toBe(true);
  });

  it('MAIN_WHOLESALE is wholesale and requires a referrer', () => {
    const wholesale = byCode('MAIN_WHOLESALE');
    expect(wholesale.canonicalOrgCode).toBe('MAIN');
    expect(heloc(wholesale)).toMatchObject({ wholesale: true, referrerRequired: true });
  });
});

describe('seeded organisations: licensing and flags', () => {
  it('every home state is among the licensed states, with no duplicate states', () => {
    for (const org of orgs) {
      const states = heloc(org).licensedStates;
      expect(states, org.orgCode).toContain(info(org).companyAddress.state);
      expect(duplicates(states), org.orgCode).toEqual([]);
      for (const state of states) expect(US_STATE_CODES, org.orgCode).toContain(state);
    }
  });

  it('licensing footprints range from local to national', () => {
    const counts = orgs.map((org) => heloc(org).licensedStates.length);
    expect(counts.filter((n) => n <= 3).length).toBeGreaterThanOrEqual(10);
    expect(counts.filter((n) => n >= 10).length).toBeGreaterThanOrEqual(5);
    expect(counts.filter((n) => n >= 30).length).toBeGreaterThanOrEqual(3);
  });

  it('at least three organisations are licensed in New York, with and without regulator review', () => {
    const inNy = orgs.filter((org) => heloc(org).licensedStates.includes('NY'));
    expect(inNy.length).toBeGreaterThanOrEqual(3);
    expect(inNy.some((org) => heloc(org).allowRegulatorReview)).toBe(true);
    expect(inNy.some((org) => !heloc(org).allowRegulatorReview)).toBe(true);
    expect(orgs.filter((org) => heloc(org).allowRegulatorReview).length).toBeGreaterThanOrEqual(2);
  });

  it('only New York licensees allow regulator review', () => {
    for (const org of orgs.filter((o) => heloc(o).allowRegulatorReview)) {
      expect(heloc(org).licensedStates, org.orgCode).toContain('NY');
    }
  });

  it('at least one organisation is licensed in Illinois', () => {
    expect(orgs.some((org) => heloc(org).licensedStates.includes('IL'))).toBe(true);
  });

  it('several require a referrer and a couple of partners are wholesale; wholesale implies referrer', () => {
    expect(orgs.filter((org) => heloc(org).referrerRequired).length).toBeGreaterThanOrEqual(4);
    const wholesale = orgs.filter((org) => heloc(org).wholesale);
    expect(wholesale.filter((org) => org.canonicalOrgCode !== 'MAIN').length).toBeGreaterThanOrEqual(2);
    for (const org of wholesale) expect(heloc(org).referrerRequired, org.orgCode).toBe(true);
  });

  it('credit unions show EOL and (mostly) the NCUA logo; mortgage companies show EHL without it', () => {
    const creditUnions = ofKind('CREDIT_UNION');
    for (const org of creditUnions) {
      expect(info(org).footerImage, org.orgCode).toBe('EOL');
      expect(typeof heloc(org).publicFeatureToggles.nationalCreditUnionAdministrationLogo, org.orgCode).toBe(
        'boolean',
      );
    }
    const withNcua = creditUnions.filter(
      (org) => heloc(org).publicFeatureToggles.nationalCreditUnionAdministrationLogo,
    );
    expect(withNcua.length / creditUnions.length).toBeGreaterThanOrEqual(0.8);
    for (const org of orgs.filter((o) => o.orgMetaData.kind !== 'CREDIT_UNION')) {
      expect(info(org).footerImage, org.orgCode).toBe('EHL');
      expect(heloc(org).publicFeatureToggles.nationalCreditUnionAdministrationLogo, org.orgCode).not.toBe(
        true,
      );
    }
  });
});

describe('seeded organisations: company info', () => {
  it('links: terms, licenses, legal and internal or external privacy policies', () => {
    for (const org of orgs) {
      const company = info(org);
      expect(company.termsOfUseUrl, org.orgCode).toBe('/terms');
      expect(company.licensesUrl, org.orgCode).toBe('/licenses');
      expect(new URL(company.companyLegalUrl).protocol, org.orgCode).toBe('https:');
      if (company.privacyLinkIsExternal) {
        expect(new URL(company.privacyPolicyUrl).protocol, org.orgCode).toBe('https:');
      } else {
        expect(company.privacyPolicyUrl, org.orgCode).toBe('/privacy');
      }
    }
    expect(orgs.filter((org) => info(org).privacyLinkIsExternal).length).toBeGreaterThanOrEqual(5);
    expect(orgs.filter((org) => !info(org).privacyLinkIsExternal).length).toBeGreaterThanOrEqual(5);
  });

  it('NMLS registry links point at the company page', () => {
    for (const org of orgs) {
      const company = info(org);
      expect(company.companyNmlsURL, org.orgCode).toBe(
        `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${company.companyNMLS}`,
      );
    }
  });

  it("emails are on the organisation's domain and the legal entity is described", () => {
    for (const org of orgs) {
      const company = info(org);
      const domain = company.email.split('@')[1] ?? '';
      const host = new URL(org.baseUrl).hostname;
      expect(host === domain || host.endsWith(`.${domain}`), `${org.orgCode}: ${company.email}`).toBe(true);
      expect(company.organization, org.orgCode).toMatch(/^an? .+/);
      expect(company.disclosureCopy.length, org.orgCode).toBeGreaterThan(20);
    }
    for (const org of ofKind('CREDIT_UNION')) {
      expect(info(org).organization, org.orgCode).toMatch(/credit union$/);
    }
  });

  it('a few organisations have extra footer links', () => {
    const withExtra = orgs.filter((org) => info(org).extraFooterUrls.length > 0);
    expect(withExtra.length).toBeGreaterThanOrEqual(3);
    for (const link of withExtra.flatMap((org) => info(org).extraFooterUrls)) {
      expect(link.type).toBe('FOOTER');
    }
  });
});

describe('seeded organisations: pricing overrides', () => {
  it('each organisation has 0 to 3 entries; some have none, some override an earlier entry', () => {
    const lengths = orgs.map((org) => org.orgPricingData.length);
    for (const n of lengths) expect(n).toBeLessThanOrEqual(3);
    expect(lengths.filter((n) => n === 0).length).toBeGreaterThanOrEqual(5);
    const overriding = orgs.filter((org) =>
      org.orgPricingData.some((later, i) =>
        org.orgPricingData
          .slice(0, i)
          .some((earlier) => Object.keys(later).some((key) => Object.hasOwn(earlier, key))),
      ),
    );
    expect(overriding.length).toBeGreaterThanOrEqual(2);
    for (const org of overriding) {
      const merged = mergePricing(org.orgPricingData);
      const last = org.orgPricingData.at(-1) ?? {};
      expect(merged, org.orgCode).toMatchObject(last);
    }
  });

  it('merged pricing stays within the platform limits', () => {
    for (const org of orgs) {
      const merged = mergePricing(org.orgPricingData);
      expect(merged.maxLineCents, org.orgCode).toBeLessThanOrEqual(DEFAULT_PRICING.maxLineCents);
      expect(merged.minLineCents, org.orgCode).toBeLessThan(merged.maxLineCents);
      expect(merged.originationFeeMaxBps, org.orgCode).toBeLessThanOrEqual(
        DEFAULT_PRICING.originationFeeMaxBps,
      );
      expect(merged.creditScoreFloor, org.orgCode).toBeGreaterThanOrEqual(DEFAULT_PRICING.creditScoreFloor);
      expect(merged.cltvCapBps, org.orgCode).toBeLessThanOrEqual(DEFAULT_PRICING.cltvCapBps);
      expect(merged.dtiCapBps, org.orgCode).toBeLessThanOrEqual(DEFAULT_PRICING.dtiCapBps);
      for (const term of merged.termsYears) expect(DEFAULT_PRICING.termsYears, org.orgCode).toContain(term);
    }
  });
});

describe('colour contrast helper', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#0000ff', '#ffffff', 8.59],
  ])('contrast(%s, %s) ≈ %s', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(expected, 2);
  });

  it('rejects anything but #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
    expect(() => relativeLuminance('#fff')).toThrow();
  });
});

describe('seeded organisations: brand colours', () => {
  it.each(orgs.map((org) => [org.orgCode, org.orgBrand.colors.primary] as const))(
    '%s primary %s has at least 4.5:1 contrast with white',
    (_code, primary) => {
      expect(contrastRatio(primary, WHITE)).toBeGreaterThanOrEqual(WCAG_AA_NORMAL_TEXT);
    },
  );

  it('secondary colours are dark enough for headings on white and differ from the primary', () => {
    for (const org of orgs) {
      const { primary, secondary } = org.orgBrand.colors;
      expect(contrastRatio(secondary, WHITE), org.orgCode).toBeGreaterThanOrEqual(WCAG_AA_NORMAL_TEXT);
      expect(secondary.toLowerCase(), org.orgCode).not.toBe(primary.toLowerCase());
    }
  });

  it('primary colours are distinct between unrelated organisations', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    for (const [i, a] of orgs.entries()) {
      for (const b of orgs.slice(i + 1)) {
        if (a.canonicalOrgCode === b.canonicalOrgCode) continue;
        const [ar = 0, ag = 0, ab = 0] = rgb(a.orgBrand.colors.primary);
        const [br = 0, bg = 0, bb = 0] = rgb(b.orgBrand.colors.primary);
        const distance = Math.hypot(ar - br, ag - bg, ab - bb);
        expect(distance, `${a.orgCode} vs ${b.orgCode}`).toBeGreaterThanOrEqual(20);
      }
    }
  });
});

describe('brand logos', () => {
  it.each(orgs.map((org) => [org.orgCode, org] as const))(
    '%s logo is a safe, self-contained SVG',
    (_code, org) => {
      const svg = org.orgBrand.logoSvg;
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect(svg).toContain(`<title>${escapeXml(org.orgBrand.name)}</title>`);
      expect(svg).toContain(`fill="${org.orgBrand.colors.primary.toLowerCase()}"`);
      expect(svg).toContain(`fill="${org.orgBrand.colors.secondary.toLowerCase()}"`);
      expect(svg.toLowerCase()).not.toContain('<script');
      expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
      expect(svg).not.toMatch(/href\s*=/i);
      expect(svg).not.toMatch(/url\(/i);
      expect(checkWellFormed(svg)).toEqual([]);
    },
  );

  it('is deterministic and uses several mark shapes across organisations', () => {
    const [first] = orgs;
    if (!first) throw new Error('no organisations');
    expect(generateBrandLogoSvg(first.orgBrand)).toBe(first.orgBrand.logoSvg);
    expect(loadOrganisations().map((org) => org.orgBrand.logoSvg)).toEqual(
      orgs.map((org) => org.orgBrand.logoSvg),
    );
    const shapes = new Set(orgs.map((org) => logoShapeIndex(org.orgBrand.name)));
    expect(shapes.size).toBe(LOGO_SHAPE_COUNT);
  });

  it.each([
    ['Smith & Sons', 'Smith &amp; Sons'],
    ['A<B> Lending', 'A&lt;B&gt; Lending'],
    ['"Quoted" Credit Union', '&quot;Quoted&quot; Credit Union'],
    ["O'Brien Mortgage", 'O&apos;Brien Mortgage'],
    ['Tom & Jerry <Home> "Loans"', 'Tom &amp; Jerry &lt;Home&gt; &quot;Loans&quot;'],
    ['Plain Name', 'Plain Name'],
  ])('escapes %j in the title, label and wordmark', (name, escaped) => {
    expect(escapeXml(name)).toBe(escaped);
    const svg = generateBrandLogoSvg({ name, colors: { primary: '#0b5fa5', secondary: '#0a2540' } });
    expect(svg).toContain(`<title>${escaped}</title>`);
    expect(svg).toContain(`aria-label="${escaped}"`);
    expect(wordmarkText(svg)).toBe(escaped);
    expect(checkWellFormed(svg)).toEqual([]);
  });

  it('neutralises markup in a hostile name', () => {
    const svg = generateBrandLogoSvg({
      name: '<script>alert(1)</script><img src=x onerror=alert(1)>',
      colors: { primary: '#0b5fa5', secondary: '#0a2540' },
    });
    expect(svg.toLowerCase()).not.toContain('<script');
    expect(svg).not.toContain('<img');
    expect(checkWellFormed(svg)).toEqual([]);
  });

  it('rejects colours that are not #rrggbb and empty names', () => {
    expect(() =>
      generateBrandLogoSvg({ name: 'X', colors: { primary: 'red" onload="x', secondary: '#000000' } }),
    ).toThrow(/primary/);
    expect(() =>
      generateBrandLogoSvg({ name: '  ', colors: { primary: '#000000', secondary: '#000000' } }),
    ).toThrow();
  });

  it('squeezes very long names into the logo width', () => {
    const svg = generateBrandLogoSvg({
      name: 'The Extraordinarily Long Community Federal Credit Union of the Greater Metropolitan Area',
      colors: { primary: '#0b5fa5', secondary: '#0a2540' },
    });
    expect(svg).toContain('textLength=');
    expect(svg).toContain('>EL</text>');
    expect(checkWellFormed(svg)).toEqual([]);
  });

  it('sets long names on two balanced lines', () => {
    const svg = generateBrandLogoSvg({
      name: 'Capitol State Employees Credit Union',
      colors: { primary: '#8b1e3f', secondary: '#3c1518' },
    });
    expect(svg.match(/<tspan /g)).toHaveLength(2);
    expect(svg).toContain('>Capitol State</tspan>');
    expect(svg).toContain('>Employees Credit Union</tspan>');
    expect(svg).not.toContain('textLength=');
    expect(wordmarkText(svg)).toBe('Capitol State Employees Credit Union');
  });

  it('every seeded wordmark spells the brand name', () => {
    for (const org of orgs)
      expect(wordmarkText(org.orgBrand.logoSvg), org.orgCode).toBe(escapeXml(org.orgBrand.name));
  });
});

describe('loader', () => {
  it('fails loudly, naming the orgCode, when an entry is invalid', () => {
    const [main] = seedData;
    expect(() => parseOrganisations([{ ...main, orgCode: 'BROKEN', baseUrl: 'not a url' }])).toThrow(
      /BROKEN/,
    );
    expect(() => parseOrganisations([{ orgCode: 'HALF' }])).toThrow(/HALF/);
    expect(() => parseOrganisations({})).toThrow(/array/);
  });

  it('rejects duplicate orgCodes and hosts', () => {
    const [main] = seedData;
    expect(() => parseOrganisations([main, main])).toThrow(/orgCode/);
    expect(() => parseOrganisations([main, { ...main, orgCode: 'OTHER' }])).toThrow(/host/);
  });

  it('finds organisations by code and by host', () => {
    expect(findOrganisation(orgs, 'main_ny')?.orgCode).toBe('MAIN_NY');
    expect(findOrganisation(orgs, 'NOPE')).toBeUndefined();
    const main = byCode('MAIN');
    const host = new URL(main.baseUrl).hostname;
    expect(findOrganisationByHost(orgs, `${host.toUpperCase()}:3000`)?.orgCode).toBe('MAIN');
    expect(findOrganisationByHost(orgs, 'unknown.example')).toBeUndefined();
  });
});

describe('HMDA reporter settings', () => {
  it('MAIN and CASCADE_TEACHERS carry test LEIs; a malformed setting stops the seed', () => {
    expect(byCode('MAIN').orgMetaData.hmda).toMatchObject({ lei: 'TESTLEI0HARBORLINE33', testLei: true });
    expect(byCode('CASCADE_TEACHERS').orgMetaData.hmda).toMatchObject({ testLei: true });
    const entries = seedData as { orgCode: string; orgMetaData: Record<string, unknown> }[];
    const broken = entries.map((entry) =>
      entry.orgCode === 'MAIN'
        ? {
            ...entry,
            orgMetaData: {
              ...entry.orgMetaData,
              hmda: { ...(entry.orgMetaData.hmda as object), lei: 'SHORT' },
            },
          }
        : entry,
    );
    expect(() => parseOrganisations(broken)).toThrow(/HMDA settings/);
    expect(() => parseOrganisations(entries)).not.toThrow();
  });
});
