/**
 * Reading database errors without their content: the SQLSTATE code (PostgreSQL and PGlite both
 * set `code`; Drizzle wraps the driver's error as `cause`), and whether a failure was about the
 * rows written rather than the database itself.
 */

/** The SQLSTATE of the first error in the cause chain that has one. */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A data exception (class 22: bad text encoding, a NUL, out of range …), an integrity constraint
 * violation (class 23) or a statement too deep to run (54001): the rows are at fault, and writing
 * them again will fail again. Connection and availability errors are not row errors.
 */
export function isRowDataError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== null && (state.startsWith('22') || state.startsWith('23') || state === '54001');
}
