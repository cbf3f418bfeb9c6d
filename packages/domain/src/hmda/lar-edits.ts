/**
 * A subset of the CFPB's syntactical (S) and validity (V) edits for the HMDA LAR, each under its
 * official id (the HMDA platform's rule names, e.g. V608-1), run before an export: the ones that
 * concern the fields the platform fills (LAR_FIELDS). Quality (Q) and macro edits are not run, nor
 * the edits on fields we always write as NA or as a fixed code no edit can fail.
 *
 * Each edit's test is written from the edit's description in the filing instructions guide; none is
 * copied. HMDA_EDITS lists them (the README shows the list).
 */
import { LAR_FIELD_NAMES, larFieldNumber, type TLarRow } from './lar-fields';
import type { THmdaPeriod, TTransmittalSheet } from './transmittal';
import type { EditContext, LarEdit } from './edits/shared';
import { TS_EDITS } from './edits/transmittal';
import { LAR_LOAN_EDITS } from './edits/lar-loan';
import { LAR_DEMOGRAPHIC_EDITS } from './edits/lar-demographics';
import { LAR_UNDERWRITING_EDITS } from './edits/lar-underwriting';

export { TS_EDITS };

export type THmdaEditFailure = {
  /** Official edit id, e.g. "V608-1". */
  edit: string;
  /** "Transmittal sheet" or "Row 3 (ULI …)". */
  where: string;
  /** 1-based LAR row (0: the transmittal sheet or the file as a whole). */
  row: number;
  uli: string | null;
  fields: string[];
  message: string;
};

/** The LAR row edits, in the order they run (and are listed). */
export const LAR_EDITS: readonly LarEdit[] = [
  ...LAR_LOAN_EDITS,
  ...LAR_DEMOGRAPHIC_EDITS,
  ...LAR_UNDERWRITING_EDITS,
];

/** Every edit run, for the README and the export screen. */
export const HMDA_EDITS: readonly { id: string; scope: 'TS' | 'LAR' | 'FILE'; message: string }[] = [
  ...TS_EDITS.map(({ id, message }) => ({ id, scope: 'TS' as const, message })),
  ...LAR_EDITS.map(({ id, message }) => ({ id, scope: 'LAR' as const, message })),
  {
    id: 'S304',
    scope: 'FILE',
    message: "The transmittal sheet's total lines must equal the number of LAR rows",
  },
  { id: 'S305', scope: 'FILE', message: 'No two LAR rows may be the same' },
  { id: 'S306', scope: 'FILE', message: 'No two LAR rows may have the same ULI' },
];

/** Runs every edit over the transmittal sheet and rows; an empty list means the file passes. */
export function runHmdaEdits(
  period: THmdaPeriod,
  ts: TTransmittalSheet,
  rows: readonly TLarRow[],
): THmdaEditFailure[] {
  const ctx: EditContext = { period, ts };
  const failures: THmdaEditFailure[] = [];
  const fileFailure = (edit: string, message: string) =>
    failures.push({ edit, where: 'Transmittal sheet', row: 0, uli: null, fields: [], message });
  for (const edit of TS_EDITS) if (!edit.passes(ts, ctx)) fileFailure(edit.id, edit.message);
  rows.forEach((lar, index) => {
    for (const edit of LAR_EDITS)
      if (!edit.passes(lar, ctx))
        failures.push({
          edit: edit.id,
          where: `Row ${index + 1} (ULI ${lar.uli})`,
          row: index + 1,
          uli: lar.uli,
          fields: edit.fields.map((key) => `${larFieldNumber(key)} ${LAR_FIELD_NAMES[key]}: "${lar[key]}"`),
          message: edit.message,
        });
  });
  if (ts.totalLines !== String(rows.length))
    fileFailure('S304', `The transmittal sheet says ${ts.totalLines} rows, the file has ${rows.length}`);
  const rowTexts = rows.map((row) => JSON.stringify(row));
  if (new Set(rowTexts).size !== rowTexts.length) fileFailure('S305', 'Two LAR rows are the same');
  const ulis = rows.map((row) => row.uli.toUpperCase());
  if (new Set(ulis).size !== ulis.length) fileFailure('S306', 'Two LAR rows have the same ULI');
  return failures;
}
