/** The pipeline's keyset cursor. */
import { type TPipelineSort } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { type Keyset } from './repository';

// ---------------------------------------------------------------------------------------------
// Cursor: base64url JSON of the sort, its direction, the last row's sort value and uuid. A cursor of
// another sort or direction (or a forged one) answers 400 rather than a wrong page.
// ---------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(sort: TPipelineSort, dir: 'asc' | 'desc', keyset: Keyset): string {
  return Buffer.from(JSON.stringify([sort, dir, keyset.value, keyset.uuid])).toString('base64url');
}

const SORT_VALUE: Record<TPipelineSort, RegExp> = {
  updatedAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  createdAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  stepChangedAt: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  amount: /^-?\d{1,10}$/,
  loanNumber: /^[0-9A-Za-z-]{1,40}$/,
};

export function decodeCursor(cursor: string, sort: TPipelineSort, dir: 'asc' | 'desc'): Keyset {
  const invalid = () =>
    new AppError('BAD_REQUEST', 'Invalid cursor: start again from the first page', [
      { path: 'querystring.cursor', message: 'Invalid cursor' },
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [cursorSort, cursorDir, value, uuid] = parsed as unknown[];
  if (cursorSort !== sort || cursorDir !== dir) throw invalid();
  if (typeof value !== 'string' || !SORT_VALUE[sort].test(value)) throw invalid();
  if (typeof uuid !== 'string' || !UUID.test(uuid)) throw invalid();
  return { value, uuid };
}
