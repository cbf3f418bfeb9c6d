/** The transmittal sheet edits (TS). */
import { STATES, isZip, type TsEdit } from './shared';

/** The transmittal sheet edits. */
export const TS_EDITS: readonly TsEdit[] = [
  {
    id: 'S300',
    message: 'The transmittal sheet must be the first row, record identifier 1',
    passes: (ts) => ts.recordIdentifier === '1',
  },
  {
    id: 'S302',
    message: 'The reporting year must be the year of the filing period',
    passes: (ts, { period }) => ts.year === String(period.year),
  },
  { id: 'V600', message: 'The LEI must be 20 characters', passes: (ts) => ts.lei.length === 20 },
  {
    id: 'V601',
    message: 'Financial institution name, contact name, contact e-mail, street and city must be present',
    passes: (ts) =>
      [ts.institutionName, ts.contactName, ts.contactEmail, ts.contactStreet, ts.contactCity].every(
        (v) => v.trim() !== '',
      ),
  },
  {
    id: 'V602',
    message: 'The calendar quarter of an annual filing must be 4',
    passes: (ts, { period }) => period.quarter !== null || ts.quarter === '4',
  },
  {
    id: 'V603',
    message: 'The contact phone must be 999-999-9999',
    passes: (ts) => /^\d{3}-\d{3}-\d{4}$/.test(ts.contactPhone),
  },
  {
    id: 'V604',
    message: 'The contact state must be a US state code',
    passes: (ts) => STATES.has(ts.contactState),
  },
  {
    id: 'V605',
    message: 'The contact ZIP code must be 99999 or 99999-9999',
    passes: (ts) => isZip(ts.contactZip),
  },
  {
    id: 'V606',
    message: 'The total number of entries must be greater than 0',
    passes: (ts) => Number(ts.totalLines) > 0,
  },
  {
    id: 'V607',
    message: 'The federal tax id must be 99-9999999',
    passes: (ts) => /^\d{2}-\d{7}$/.test(ts.taxId),
  },
  {
    id: 'V717',
    message: 'The contact e-mail must be an e-mail address',
    passes: (ts) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(ts.contactEmail),
  },
  {
    id: 'V718',
    message: 'The calendar quarter of a quarterly filing must be its quarter',
    passes: (ts, { period }) => period.quarter === null || ts.quarter === String(period.quarter),
  },
];
