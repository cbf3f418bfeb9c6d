/**
 * What every provider shares: the applicant and address shapes of requests, masking, the timeout
 * error, and the hash that makes sandbox ids and values a pure function of their inputs (same input,
 * same answer: tests and demos can assert exact ids, and a retried job gets the same result).
 */
import { createHash } from 'node:crypto';
import { accountMask } from '@heloc/domain';
import { TimeoutError } from '../jobs/worker';

/** The person a request is about. The sandbox picks its scenario from `lastName`. */
export interface ApplicantRef {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dob?: string;
}

/** A US street address; `state` is the USPS code. */
export interface PropertyAddress {
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
  county?: string | null;
}

/**
 * A provider did not answer in time. Extends the job worker's TimeoutError so the queue treats a
 * provider timeout exactly like its own per-attempt timeout (retry with backoff, then dead-letter).
 */
export class ProviderTimeoutError extends TimeoutError {
  constructor(
    readonly provider: string,
    ms: number,
  ) {
    super(ms);
    this.name = 'ProviderTimeoutError';
    this.message = `${provider} did not answer: timed out after ${ms} ms`;
  }
}

/** A request the provider refuses before doing any work (malformed input); never carries PII. */
export class ProviderInputError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderInputError';
  }
}

/** Hex SHA-256 of the parts joined by a separator no part can contain. */
export function hashOf(...parts: readonly (string | number)[]): string {
  return createHash('sha256').update(parts.map(String).join('\u0000')).digest('hex');
}

/** A stable id like `sbx_cr_3f9a…` (prefix names the provider, 20 hex chars of the input hash). */
export function sandboxId(prefix: string, ...parts: readonly (string | number)[]): string {
  return `sbx_${prefix}_${hashOf(prefix, ...parts).slice(0, 20)}`;
}

/** A stable integer in [min, max] derived from the inputs (for "random-looking" sandbox numbers). */
export function hashInt(min: number, max: number, ...parts: readonly (string | number)[]): number {
  const value = Number.parseInt(hashOf(...parts).slice(0, 12), 16);
  return min + (value % (max - min + 1));
}

/** Digits only of an SSN or account number; callers validate the length. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** Last 4 of a sensitive number: the only part any result or log line may carry (DESIGN.md §9). */
export function last4(value: string): string {
  return accountMask(digitsOf(value));
}

/** The address as one normalised string, for hashing (case and spacing do not change the id). */
export function addressKey(address: PropertyAddress): string {
  return [address.street1, address.street2 ?? '', address.city, address.state, address.zip]
    .map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase())
    .join('|');
}

/**
 * Resolves after `ms` (the default sleeper; tests inject a faster one); rejects with the signal's
 * reason as soon as `signal` fires, so a cancelled job attempt stops waiting at once.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** yyyy-MM-dd of an instant in UTC (provider calendars are date-only). */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Business day of a bank or office: Monday–Friday and not one of its holiday closures. */
export function isBankingDay(isoDate: string, isHoliday: (isoDate: string) => boolean): boolean {
  const weekday = new Date(`${isoDate}T00:00:00.000Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(isoDate);
}

/**
 * Per-call options of every provider method a job calls. `signal` fires when the job's attempt timed
 * out: an HTTP client passes it to fetch, the sandboxes stop their simulated waits.
 */
export interface ProviderCallOptions {
  signal?: AbortSignal;
}
