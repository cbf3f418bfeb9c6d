/**
 * Inputs shared by the document tests: a main lender, a credit union and one borrower's numbers.
 * Kept here rather than read from the seed so the assertions do not move when the seed data does.
 */
import type { TOrgData } from '@heloc/domain';
import type { TLoanTerms } from './loan-terms';

export const MAIN_ORG: TOrgData = {
  orgCode: 'MAIN',
  canonicalOrgCode: 'MAIN',
  orgBrand: {
    name: 'Harborline',
    colors: { primary: '#0b5fa5', secondary: '#0a2540' },
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  },
  baseUrl: 'https://harborline.example',
  orgMetaData: {
    kind: 'MAIN_LENDER',
    companyInfo: {
      companyName: 'Harborline Home Lending, Inc.',
      companyNameShort: 'Harborline',
      companyProduct: 'Harborline HELOC',
      companyNMLS: '1893412',
      companyNmlsURL: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/1893412',
      termsOfUseUrl: '/terms',
      privacyPolicyUrl: '/privacy',
      privacyLinkIsExternal: false,
      licensesUrl: '/licenses',
      companyLegalUrl: 'https://www.harborline.example/legal',
      footerImage: 'EHL',
      disclosureCopy: 'Equal Housing Lender.',
      companyAddress: {
        street1: '101 Mission Street',
        street2: 'Suite 1400',
        city: 'San Francisco',
        state: 'CA',
        zip: '94105',
      },
      phoneFormatted: '(888) 819-6388',
      email: 'homeequity@harborline.example',
      organization: 'a Delaware corporation',
      extraFooterUrls: [],
    },
    products: {
      heloc: {
        licensedStates: ['CA', 'TX', 'VA'],
        referrerRequired: false,
        wholesale: false,
        allowRegulatorReview: false,
        publicFeatureToggles: {},
      },
    },
  },
  orgPricingData: [],
};

export const CREDIT_UNION_ORG: TOrgData = {
  ...MAIN_ORG,
  orgCode: 'RIVERBEND_CU',
  canonicalOrgCode: 'RIVERBEND_CU',
  orgMetaData: {
    ...MAIN_ORG.orgMetaData,
    kind: 'CREDIT_UNION',
    companyInfo: {
      ...MAIN_ORG.orgMetaData.companyInfo,
      companyName: 'Riverbend Federal Credit Union',
      companyNMLS: '402211',
      organization: 'a federally chartered credit union',
    },
  },
};

/** $100,000 line drawn in full at 8.25% for 30 years with a 2.99% fee ($2,990). */
export const TERMS: TLoanTerms = {
  lineAmountCents: 100_000_00,
  initialDrawCents: 100_000_00,
  rateBps: 825,
  termYears: 30,
  originationFeeCents: 2_990_00,
  drawPeriodYears: 5,
  variableRate: { marginBps: 100, primeRateBps: 750, primeRateMonth: '2026-06', maxRateBps: 1800 },
};

export const PROPERTY = { street1: '42 WALLABY WAY', city: 'RICHMOND', state: 'VA', zip: '23220' };
