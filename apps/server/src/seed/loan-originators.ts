/**
 * Demo loan officers and brokers (spec 2 §2 "Loan officer / broker card"), inserted at every start
 * when missing (syncSeedOrganisations: they are version 1 of each organisation's settings). The uuids are fixed: tests, the README and `?referrer=` links name them. Between
 * them they cover every card variant: loan officer only ("Your Loan Officer"), broker only ("Your
 * Broker"), both names ("Your Loan Officer"), neither name (no card), with and without an avatar.
 */
import type { Database } from '../db';
import { assignMissingReferrer, type NewLoanOriginator } from '../modules/lead-portal/repository';

/** An initials avatar as a data: URI (the CSP allows data: images), so the demo needs no files. */
export function avatarDataUri(initials: string, background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${background}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ` +
    `font-size="36" font-weight="600" fill="#ffffff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const id = (n: number) => `7c1a2b3c-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Fixed ids of the seeded originators, by what they demonstrate. */
export const LOAN_ORIGINATOR_IDS = {
  /** MAIN loan officer; the demo borrower's referrer. */
  mainJordanReyes: id(1),
  mainAliciaMoreno: id(2),
  /** MAIN loan officer without an avatar. */
  mainSamuelOkafor: id(3),
  /** MAIN_WHOLESALE, broker name only: heading "Your Broker". */
  wholesaleBrokerOnly: id(4),
  /** MAIN_WHOLESALE, loan officer at a brokerage: both names, heading "Your Loan Officer". */
  wholesaleBothNames: id(5),
  pinecrestEthanCaldwell: id(6),
  pinecrestGraceLindqvist: id(7),
  blueMesaRosaDelgado: id(8),
  lanternTheoWhitaker: id(9),
  /** RIVERBEND requires a referrer to register. */
  riverbendNaomiFischer: id(10),
  /** CASCADE_TEACHERS (a credit union). */
  cascadeHannahBrooks: id(11),
  /** CASCADE_TEACHERS lending desk with neither name: the card is not shown. */
  cascadeNoNames: id(12),
} as const;

/** The demo borrower's referrer (a MAIN loan officer). */
export const DEMO_REFERRER_UUID = LOAN_ORIGINATOR_IDS.mainJordanReyes;

export const LOAN_ORIGINATORS: readonly NewLoanOriginator[] = [
  {
    uuid: LOAN_ORIGINATOR_IDS.mainJordanReyes,
    orgCode: 'MAIN',
    originatorName: 'Jordan Reyes',
    brokerName: null,
    avatarUri: avatarDataUri('JR', '#0b5fa5'),
    email: 'jordan.reyes@harborline.example',
    phoneNumber: '415-555-0101',
    nmls: '2104871',
    userInfo: { title: 'Senior Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.mainAliciaMoreno,
    orgCode: 'MAIN',
    originatorName: 'Alicia Moreno',
    brokerName: null,
    avatarUri: avatarDataUri('AM', '#0a2540'),
    email: 'alicia.moreno@harborline.example',
    phoneNumber: '415-555-0102',
    nmls: '1987345',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.mainSamuelOkafor,
    orgCode: 'MAIN',
    originatorName: 'Samuel Okafor',
    brokerName: null,
    avatarUri: null,
    email: 'samuel.okafor@harborline.example',
    phoneNumber: '415-555-0103',
    nmls: '2231560',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.wholesaleBrokerOnly,
    orgCode: 'MAIN_WHOLESALE',
    originatorName: null,
    brokerName: 'Marcus Bell',
    avatarUri: avatarDataUri('MB', '#1d4e89'),
    email: 'marcus.bell@harborline.example',
    phoneNumber: '415-555-0104',
    nmls: '1765432',
    userInfo: { title: 'Mortgage Broker' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.wholesaleBothNames,
    orgCode: 'MAIN_WHOLESALE',
    originatorName: 'Priya Natarajan',
    brokerName: 'Keystone Home Brokers',
    avatarUri: avatarDataUri('PN', '#14213d'),
    email: 'priya.natarajan@harborline.example',
    phoneNumber: '415-555-0105',
    nmls: '2045518',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.pinecrestEthanCaldwell,
    orgCode: 'PINECREST',
    originatorName: 'Ethan Caldwell',
    brokerName: null,
    avatarUri: avatarDataUri('EC', '#1e6b3a'),
    email: 'ethan.caldwell@pinecrestmortgage.example',
    phoneNumber: '503-555-0106',
    nmls: '1893027',
    userInfo: { title: 'Branch Manager' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.pinecrestGraceLindqvist,
    orgCode: 'PINECREST',
    originatorName: 'Grace Lindqvist',
    brokerName: null,
    avatarUri: null,
    email: 'grace.lindqvist@pinecrestmortgage.example',
    phoneNumber: '503-555-0107',
    nmls: '2310984',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.blueMesaRosaDelgado,
    orgCode: 'BLUE_MESA',
    originatorName: 'Rosa Delgado',
    brokerName: null,
    avatarUri: avatarDataUri('RD', '#a4452c'),
    email: 'rosa.delgado@bluemesahomeloans.example',
    phoneNumber: '602-555-0108',
    nmls: '1658223',
    userInfo: { title: 'Senior Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.lanternTheoWhitaker,
    orgCode: 'LANTERN',
    originatorName: 'Theo Whitaker',
    brokerName: null,
    avatarUri: avatarDataUri('TW', '#b3261e'),
    email: 'theo.whitaker@lanternmortgage.example',
    phoneNumber: '214-555-0109',
    nmls: '2158876',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.riverbendNaomiFischer,
    orgCode: 'RIVERBEND',
    originatorName: 'Naomi Fischer',
    brokerName: null,
    avatarUri: avatarDataUri('NF', '#2d6a4f'),
    email: 'naomi.fischer@riverbendmortgage.example',
    phoneNumber: '615-555-0110',
    nmls: '1904412',
    userInfo: { title: 'Loan Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.cascadeHannahBrooks,
    orgCode: 'CASCADE_TEACHERS',
    originatorName: 'Hannah Brooks',
    brokerName: null,
    avatarUri: avatarDataUri('HB', '#03045e'),
    email: 'hannah.brooks@cascadeteachersfcu.example',
    phoneNumber: '206-555-0111',
    nmls: '2087759',
    userInfo: { title: 'Member Lending Officer' },
  },
  {
    uuid: LOAN_ORIGINATOR_IDS.cascadeNoNames,
    orgCode: 'CASCADE_TEACHERS',
    originatorName: null,
    brokerName: null,
    avatarUri: null,
    email: 'lending@cascadeteachersfcu.example',
    phoneNumber: '206-555-0112',
    nmls: '2087760',
    userInfo: { title: 'Lending Desk' },
  },
];

/**
 * Gives the demo borrower's MAIN applications the demo referrer (Jordan Reyes), so the loan
 * officer card has someone to show. An application that already names a referrer keeps it.
 */
export async function linkDemoBorrowerReferrer(db: Database, email: string): Promise<void> {
  await assignMissingReferrer(db, { email, orgCode: 'MAIN', referrerUuid: DEMO_REFERRER_UUID });
}
