/**
 * Footer view model (spec 1 §1 "Footer content" and "Disclosure facts", §3 "Footer and company entity",
 * §9; spec 2 §1 "Disclosure facts (footer text)", §2 "A footer line mentions 256-bit encryption").
 *
 * `buildFooterModel(org)` decides everything the footer shows, so the rules live once, are tested as a
 * table, and the web component only lays the model out. Figures come from the organisation's merged
 * pricing and the cost constants of constants.ts, formatted by the domain formatters.
 *
 * Left out on purpose (a later issue, each needs data this model does not have yet):
 * - the customer-service operating hours line (needs the OPS_PHONE operating-hours call, spec 2 §7);
 * - the Illinois community reinvestment notice ("in some conditions", conditions not yet specified);
 * - the web-chat-enabled note (needs the fe-webchat flag and the chat open status).
 */
import {
  MANUAL_NOTARY_FEE_CENTS,
  RECORDING_FEE_MAX_CENTS,
  RECORDING_FEE_MIN_CENTS,
  RECORDING_TAX_BASIS_CENTS,
  RECORDING_TAX_MAX_CENTS_PER_100K,
  RECORDING_TAX_MIN_CENTS_PER_100K,
  VALUATION_FEE_CENTS,
} from './constants';
import { formatAddress } from './format/address';
import { formatCurrency } from './format/currency';
import { formatPercentFromBps } from './format/percent';
import { formatPhone, phoneTelHref } from './format/phone';
import { isMainLender, mergePricing } from './organisation';
import type { TOrgData } from './organisation';
import { US_STATES } from './us-states';
import type { UsStateCode } from './us-states';

/** Internal host-application page for the privacy policy, used unless the organisation flags an external link. */
export const INTERNAL_PRIVACY_PATH = '/privacy';

/** Number of US states (DC is not a state) the main lender must cover before "more states" disappears. */
export const ALL_STATES_COUNT = 50;

export type TFooterLinkKind = 'TERMS' | 'PRIVACY' | 'LICENSES' | 'EXTRA';

export interface TFooterLink {
  kind: TFooterLinkKind;
  label: string;
  href: string;
  /** External links open in a new tab (with rel="noopener noreferrer"). */
  newTab: boolean;
}

export type TNewYorkNoticeVariant = 'REGULATOR_REVIEW' | 'LICENSED' | 'NOT_LICENSED';

export interface TNewYorkNotice {
  variant: TNewYorkNoticeVariant;
  text: string;
}

/** Stable keys so other screens can point at a footnote ("see note 6") without counting. */
export type TFootnoteKey =
  | 'SECURED'
  | 'DRAWS'
  | 'APPROVAL'
  | 'FUNDING'
  | 'CREDIT_PULL'
  | 'AMOUNTS_AND_APR'
  | 'ORIGINATION_FEE'
  | 'COSTS'
  | 'INSURANCE'
  | 'TAX';

export interface TFootnote {
  key: TFootnoteKey;
  /** 1-based number shown next to the note. */
  number: number;
  text: string;
}

export interface TFooterModel {
  companyName: string;
  /** One display line: title-cased street(s) and city, then state and zip. */
  address: string;
  nmls: { label: string; number: string; href: string };
  licensedStates: { code: UsStateCode; name: string }[];
  customerService: {
    phone: { label: string; href: string };
    email: { label: string; href: string };
  };
  /** Equal housing (EHL) or equal opportunity (EOL) lender mark; null when the organisation uses neither. */
  lenderMark: { kind: 'EHL' | 'EOL'; label: string } | null;
  /** NCUA logo, driven by the public feature toggle nationalCreditUnionAdministrationLogo. */
  showNcuaLogo: boolean;
  newYorkNotice: TNewYorkNotice;
  links: TFooterLink[];
  /** Shown only for the main lender while fewer than 50 states are licensed. */
  moreStatesNote: string | null;
  /** The organisation's own disclosure copy, when it has any. */
  disclosureCopy: string | null;
  footnotes: TFootnote[];
  securityNote: string;
}

export const NCUA_TOGGLE = 'nationalCreditUnionAdministrationLogo';

const LENDER_MARK_LABELS = { EHL: 'Equal Housing Lender', EOL: 'Equal Opportunity Lender' } as const;

/** Disclosures quote money in whole dollars and rates with two decimals ("7.60% to 17.20%"). */
const money = (cents: number): string => formatCurrency(cents);
const rate = (bps: number): string => formatPercentFromBps(bps, { decimals: 2 });

const isAbsoluteUrl = (url: string): boolean => /^https?:\/\//i.test(url);

/**
 * The New York notice (spec 1 §1). Wording chosen for the three cases:
 * - REGULATOR_REVIEW (allowRegulatorReview): the organisation is a licensed New York mortgage banker and
 *   New York's regulator (the Department of Financial Services) may review the site;
 * - NOT_LICENSED (NY not among the licensed states): "No New York property applications are accepted
 *   through this site.", as the spec words it;
 * - LICENSED (NY licensed, no regulator review): the positive counterpart, so a New York borrower is never
 *   left wondering whether the site serves them.
 */
function newYorkNotice(companyName: string, regulatorReview: boolean, nyLicensed: boolean): TNewYorkNotice {
  if (regulatorReview) {
    return {
      variant: 'REGULATOR_REVIEW',
      text:
        `${companyName} is a licensed mortgage banker with the New York State Department of Financial ` +
        'Services. This site may be reviewed by the New York State Department of Financial Services.',
    };
  }
  if (!nyLicensed) {
    return {
      variant: 'NOT_LICENSED',
      text: 'No New York property applications are accepted through this site.',
    };
  }
  return { variant: 'LICENSED', text: 'New York property applications are accepted through this site.' };
}

function footnotes(org: TOrgData): TFootnote[] {
  const pricing = mergePricing(org.orgPricingData);
  const texts: [TFootnoteKey, string][] = [
    ['SECURED', 'A home equity line of credit (HELOC) is secured by your home.'],
    [
      'DRAWS',
      'The HELOC is an open-end line of credit. 100% of the line amount, minus the origination fee, is drawn ' +
        'at origination, and that initial amount has a fixed rate. Additional draws during the draw period ' +
        'are priced from the Prime Rate of the prior calendar month plus a fixed margin, so they may have a ' +
        'higher rate than the initial draw.',
    ],
    [
      'APPROVAL',
      'Approval can come in about five minutes, but depends on verification of your income and employment ' +
        'and on a property condition report showing the home in at least average condition.',
    ],
    [
      'FUNDING',
      'Funding takes five business days when you close with a remote online notary. It may take longer ' +
        'where electronic signatures cannot be recorded, or where an in-person closing or a waiting period ' +
        'applies.',
    ],
    [
      'CREDIT_PULL',
      'A soft credit pull is used to check your rate. A hard credit pull is made when you apply.',
    ],
    [
      'AMOUNTS_AND_APR',
      `Loan amounts run from ${money(pricing.minLineCents)} to ${money(pricing.maxLineCents)}. ` +
        `The APR (annual percentage rate) ranges from ${rate(pricing.aprMinBps)} to ${rate(pricing.aprMaxBps)}.`,
    ],
    [
      'ORIGINATION_FEE',
      pricing.originationFeeMaxBps === 0
        ? 'There is no origination fee.'
        : `The origination fee is up to ${rate(pricing.originationFeeMaxBps)} of the initial draw.`,
    ],
    [
      'COSTS',
      `Other costs may apply: a valuation fee of ${money(VALUATION_FEE_CENTS)} if no automated valuation is ` +
        `available, manual notarization of ${money(MANUAL_NOTARY_FEE_CENTS)}, recording fees of ` +
        `${money(RECORDING_FEE_MIN_CENTS)} to ${money(RECORDING_FEE_MAX_CENTS)}, and recording taxes of ` +
        `${money(RECORDING_TAX_MIN_CENTS_PER_100K)} to ${money(RECORDING_TAX_MAX_CENTS_PER_100K)} per ` +
        `${money(RECORDING_TAX_BASIS_CENTS)} borrowed.`,
    ],
    ['INSURANCE', 'Property insurance is required. Flood insurance may be required.'],
    ['TAX', 'Consult a tax advisor regarding the deductibility of interest.'],
  ];
  return texts.map(([key, text], index) => ({ key, number: index + 1, text }));
}

export function buildFooterModel(org: TOrgData): TFooterModel {
  const info = org.orgMetaData.companyInfo;
  const heloc = org.orgMetaData.products.heloc;

  const licensedStates = [...new Set(heloc.licensedStates)]
    .filter((code): code is UsStateCode => Object.hasOwn(US_STATES, code))
    .map((code) => ({ code, name: US_STATES[code] }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const stateCount = licensedStates.filter((state) => state.code !== 'DC').length;

  const privacyExternal = info.privacyLinkIsExternal;
  const links: TFooterLink[] = [
    {
      kind: 'TERMS',
      label: 'Terms of Use',
      href: info.termsOfUseUrl,
      newTab: isAbsoluteUrl(info.termsOfUseUrl),
    },
    {
      kind: 'PRIVACY',
      label: 'Privacy Policy',
      href: privacyExternal ? info.privacyPolicyUrl : INTERNAL_PRIVACY_PATH,
      newTab: privacyExternal,
    },
    { kind: 'LICENSES', label: 'Licenses', href: info.licensesUrl, newTab: isAbsoluteUrl(info.licensesUrl) },
    ...info.extraFooterUrls
      .filter((extra) => extra.type === 'FOOTER')
      .map((extra) => ({
        kind: 'EXTRA' as const,
        label: extra.name,
        href: extra.url,
        newTab: isAbsoluteUrl(extra.url),
      })),
  ];

  const lenderMark =
    info.footerImage === 'EHL' || info.footerImage === 'EOL'
      ? { kind: info.footerImage, label: LENDER_MARK_LABELS[info.footerImage] }
      : null;

  return {
    companyName: info.companyName,
    address: formatAddress(info.companyAddress),
    nmls: { label: `NMLS #${info.companyNMLS}`, number: info.companyNMLS, href: info.companyNmlsURL },
    licensedStates,
    customerService: {
      phone: {
        label: formatPhone(info.phoneFormatted),
        href: phoneTelHref(info.phoneFormatted) ?? `tel:${info.phoneFormatted.replace(/[^\d+]/g, '')}`,
      },
      email: { label: info.email, href: `mailto:${info.email}` },
    },
    lenderMark,
    showNcuaLogo: heloc.publicFeatureToggles[NCUA_TOGGLE] === true,
    newYorkNotice: newYorkNotice(
      info.companyName,
      heloc.allowRegulatorReview,
      licensedStates.some((state) => state.code === 'NY'),
    ),
    links,
    moreStatesNote: isMainLender(org) && stateCount < ALL_STATES_COUNT ? 'More states coming soon.' : null,
    disclosureCopy: info.disclosureCopy.trim() || null,
    footnotes: footnotes(org),
    securityNote: 'Your information is protected with 256-bit encryption.',
  };
}
