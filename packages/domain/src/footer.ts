/**
 * Footer view model (spec 1 §1 "Footer content" and "Disclosure facts", §3 "Footer and company entity",
 * §9; spec 2 §1 "Disclosure facts (footer text)", §2 "A footer line mentions 256-bit encryption").
 *
 * `buildFooterModel(org)` decides everything the footer shows, so the rules live once, are tested as a
 * table, and the web component only lays the model out. Figures come from the organisation's merged
 * pricing and the cost constants of constants.ts, formatted by the domain formatters.
 *
 * Two inputs come from calls rather than the organisation data, so the caller passes them in
 * (`TFooterExtras`) and the model stays pure: the OPS_PHONE operating hours (spec 2 §7) for the hours
 * line, and whether the fe-webchat flag is on for the web-chat note.
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
import { formatHoursLine } from './operating-hours';
import { isMainLender, mergePricing } from './organisation';
import type { TOrgData, TPricingEntry } from './organisation';
import type { TOperatingHoursEntry } from './schemas/operating-hours';
import { usStatesByName } from './us-states';
import type { UsStateCode } from './us-states';

/** Internal host-application page for the privacy policy, used unless the organisation flags an external link. */
export const INTERNAL_PRIVACY_PATH = '/privacy';

/** Host-application licenses page; it always exists, whatever the organisation's licensesUrl says. */
export const INTERNAL_LICENSES_PATH = '/licenses';

/** Anchor of the Illinois community reinvestment notice on the licenses page. */
export const ILLINOIS_NOTICE_ANCHOR = 'illinois-community-reinvestment-notice';
export const ILLINOIS_NOTICE_TITLE = 'Illinois Community Reinvestment Notice';

/** Number of US states (DC is not a state) the main lender must cover before "more states" disappears. */
export const ALL_STATES_COUNT = 50;

export type TFooterLinkKind = 'TERMS' | 'PRIVACY' | 'LICENSES' | 'ILLINOIS_NOTICE' | 'EXTRA';

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
    /** "Hours: Monday–Friday: … PT, Saturday: …"; null until the hours are known (or when there are none). */
    hours: string | null;
    /** Shown when the fe-webchat flag is on. */
    webChatNote: string | null;
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

/** What the footer needs beyond the organisation data; both optional so the footer renders at once. */
export interface TFooterExtras {
  /** OPS_PHONE operating hours (GET …/hours/OPS_PHONE?display=true); null or absent while loading. */
  operatingHours?: readonly TOperatingHoursEntry[] | null;
  /** The fe-webchat flag. */
  webChatEnabled?: boolean;
}

export const NCUA_TOGGLE = 'nationalCreditUnionAdministrationLogo';

/**
 * True at any hour: after chat hours the chatbot answers and no agent is offered, so the note never
 * promises a person (it said "Web chat is available" at 1:30 AM).
 */
export const WEB_CHAT_NOTE =
  'Web chat: select "Chat with us" at the bottom right of the page. Our virtual assistant answers at any hour; live agents during chat hours.';

const LENDER_MARK_LABELS = { EHL: 'Equal Housing Lender', EOL: 'Equal Opportunity Lender' } as const;

/** Disclosures quote money in whole dollars and rates with two decimals ("7.60% to 17.20%"). */
const money = (cents: number): string => formatCurrency(cents);
const rate = (bps: number): string => formatPercentFromBps(bps, { decimals: 2 });

/** The origination fee disclosure (spec 1 §1) from the organisation's pricing: none when it charges none. */
export function originationFeeDisclosure(pricing: Required<TPricingEntry>): string {
  return pricing.originationFeeMaxBps === 0
    ? 'There is no origination fee.'
    : `The origination fee is up to ${rate(pricing.originationFeeMaxBps)} of the initial draw.`;
}

/**
 * The pricing facts the offer screen states under the offers (spec 1 §1's disclosure facts), from the
 * organisation's pricing: with the platform defaults, the spec's own sentences.
 */
export function offerFinePrint(pricing: Required<TPricingEntry>): string {
  return (
    `Loan amounts run from ${money(pricing.minLineCents)} to ${money(pricing.maxLineCents)} and the APR ` +
    `range is ${rate(pricing.aprMinBps)} to ${rate(pricing.aprMaxBps)}. ${originationFeeDisclosure(pricing)} ` +
    'The line is drawn 100% at origination minus the origination fee, with the initial amount at a fixed ' +
    'rate; later draws are priced from the Prime Rate plus a fixed margin, so they may cost more.'
  );
}

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

/** The footer's hours line (spec 1 §9: Monday–Friday range plus weekend range, Pacific time). */
function hoursLine(entries: readonly TOperatingHoursEntry[] | null | undefined): string | null {
  const line = entries ? formatHoursLine(entries) : '';
  return line ? `Hours: ${line}` : null;
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
    ['ORIGINATION_FEE', originationFeeDisclosure(pricing)],
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

/**
 * Whether the footer links to the Illinois community reinvestment notice. The spec says "in some
 * conditions" without naming them; the notice is what the Illinois Residential Mortgage License Act
 * (205 ILCS 635) requires of its licensees, so it is shown when the organisation is licensed in
 * Illinois and is not a credit union (credit unions are exempt from that Act's licensing).
 */
export function showsIllinoisNotice(org: TOrgData): boolean {
  return (
    org.orgMetaData.kind !== 'CREDIT_UNION' && org.orgMetaData.products.heloc.licensedStates.includes('IL')
  );
}

export function buildFooterModel(org: TOrgData, extras: TFooterExtras = {}): TFooterModel {
  const info = org.orgMetaData.companyInfo;
  const heloc = org.orgMetaData.products.heloc;

  const licensedStates = usStatesByName(heloc.licensedStates);
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
    ...(showsIllinoisNotice(org)
      ? [
          {
            kind: 'ILLINOIS_NOTICE' as const,
            label: ILLINOIS_NOTICE_TITLE,
            href: `${INTERNAL_LICENSES_PATH}#${ILLINOIS_NOTICE_ANCHOR}`,
            newTab: false,
          },
        ]
      : []),
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
      hours: hoursLine(extras.operatingHours),
      webChatNote: extras.webChatEnabled ? WEB_CHAT_NOTE : null,
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
