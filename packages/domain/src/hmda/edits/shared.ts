/** What the HMDA edits share: the edit shapes, the context they run in, the field tests. */
import { US_STATE_CODES } from '../../us-states';
import type { TLarFieldKey, TLarRow } from '../lar-fields';
import type { THmdaPeriod, TTransmittalSheet } from '../transmittal';

export type LarEdit = {
  id: string;
  fields: TLarFieldKey[];
  message: string;
  passes: (lar: TLarRow, ctx: EditContext) => boolean;
};
export type TsEdit = {
  id: string;
  message: string;
  passes: (ts: TTransmittalSheet, ctx: EditContext) => boolean;
};
export type EditContext = { period: THmdaPeriod; ts: TTransmittalSheet };

export const STATES = new Set<string>(US_STATE_CODES);
export const isDate = (value: string) => {
  if (!/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
};
export const isZip = (value: string) => /^\d{5}(-\d{4})?$/.test(value);
export const isNumber = (value: string) => /^-?\d+(\.\d+)?$/.test(value);
export const oneOf =
  (...codes: string[]) =>
  (value: string) =>
    codes.includes(value);
export const DENIED = ['3', '7'];
