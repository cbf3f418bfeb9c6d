/** The reporting institution, the transmittal sheet, the filing period and the LAR file's text. */
import { LAR_FIELD_KEYS, type TLarRow } from './lar-fields';

/** The reporting institution (organisation settings `orgMetaData.hmda` and its company info). */
export type THmdaReporter = {
  institutionName: string;
  lei: string;
  taxId: string;
  agencyCode: string;
  contact: {
    name: string;
    phone: string;
    email: string;
    street: string;
    city: string;
    state: string;
    zip: string;
  };
};

/** The transmittal sheet's 15 fields (record identifier 1). */
export type TTransmittalSheet = {
  recordIdentifier: string;
  institutionName: string;
  year: string;
  /** 4 for the annual register, 1–3 for a quarterly one. */
  quarter: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactStreet: string;
  contactCity: string;
  contactState: string;
  contactZip: string;
  agencyCode: string;
  totalLines: string;
  taxId: string;
  lei: string;
};
export const TS_FIELD_KEYS: readonly (keyof TTransmittalSheet)[] = [
  'recordIdentifier',
  'institutionName',
  'year',
  'quarter',
  'contactName',
  'contactPhone',
  'contactEmail',
  'contactStreet',
  'contactCity',
  'contactState',
  'contactZip',
  'agencyCode',
  'totalLines',
  'taxId',
  'lei',
];

export function buildTransmittalSheet(
  reporter: THmdaReporter,
  period: THmdaPeriod,
  totalLines: number,
): TTransmittalSheet {
  return {
    recordIdentifier: '1',
    institutionName: reporter.institutionName,
    year: String(period.year),
    quarter: String(period.quarter ?? 4),
    contactName: reporter.contact.name,
    contactPhone: reporter.contact.phone,
    contactEmail: reporter.contact.email,
    contactStreet: reporter.contact.street,
    contactCity: reporter.contact.city,
    contactState: reporter.contact.state,
    contactZip: reporter.contact.zip,
    agencyCode: reporter.agencyCode,
    totalLines: String(totalLines),
    taxId: reporter.taxId,
    lei: reporter.lei,
  };
}

/** A filing period: a calendar year, or one of its first three quarters (quarterly filers). */
export type THmdaPeriod = { year: number; quarter: 1 | 2 | 3 | null };

/** The period's first day and the day after its last (YYYY-MM-DD, UTC), for the action-date filter. */
export function hmdaPeriodRange(period: THmdaPeriod): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (period.quarter === null) return { from: `${period.year}-01-01`, to: `${period.year + 1}-01-01` };
  const start = (period.quarter - 1) * 3 + 1;
  return { from: `${period.year}-${pad(start)}-01`, to: `${period.year}-${pad(start + 3)}-01` };
}

/** The file: the transmittal sheet, then one row per application, pipe-delimited, CRLF-free lines. */
export function larFileText(ts: TTransmittalSheet, rows: readonly TLarRow[]): string {
  // A pipe or a line break inside a free-text value (a street, the words of a reason) would shift
  // every later field: they become spaces.
  const field = (value: string) => value.replace(/[|\r\n]+/g, ' ');
  const lines = [
    TS_FIELD_KEYS.map((key) => field(ts[key])).join('|'),
    ...rows.map((row) => LAR_FIELD_KEYS.map((key) => field(row[key])).join('|')),
  ];
  return `${lines.join('\n')}\n`;
}
