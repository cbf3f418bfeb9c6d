/**
 * What a failed call is made of, the default error it becomes, and the message read from an error body
 * (spec 2 §8). The app decides which error class a failure becomes (`makeError`); the texts of the
 * client's own failures are the spec's and live here once.
 */
import { combineErrorMessages, DEFAULT_ERROR_MESSAGE } from '@heloc/domain';

/** One failed call, handed to the app's `makeError`. */
export interface HttpFailure {
  /** HTTP status; 0 when no answer arrived (network failure or timeout). */
  status: number;
  /**
   * The client's text: for a refusal (4xx/5xx with a JSON body) the body's message
   * (`errorMessageFromBody`), else the spec's description of what went wrong.
   */
  message: string;
  url: string;
  /** The parsed body, or the raw text when it was not JSON. */
  data?: unknown;
  cause?: unknown;
  /** The answer, when one arrived: `ok` false for a refusal, true for a success the call cannot use. */
  response?: Response;
}

/** The error a client makes of a failure unless its app brings its own `makeError`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  /** The parsed response body, when there was one. */
  readonly data: unknown;
  readonly url: string;

  constructor(options: { status: number; message: string; data?: unknown; url: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.data = options.data;
    this.url = options.url;
  }

  /** Network-type failures (no HTTP response): error reporting ignores these (spec 2 §8). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The message of a failed call: the body's `message`, else its `status` text, else the combined text of
 * its `errors`/`details` list (spec 2 §8 "Combined error text"), else the default message.
 */
export function errorMessageFromBody(body: unknown): string {
  if (!isRecord(body)) return DEFAULT_ERROR_MESSAGE;
  if (nonBlank(body.message)) return body.message;
  if (nonBlank(body.status)) return body.status;
  const list = Array.isArray(body.errors) ? body.errors : Array.isArray(body.details) ? body.details : [];
  return combineErrorMessages(
    list.map((item: unknown) => {
      if (typeof item === 'string') return item;
      if (isRecord(item) && typeof item.message === 'string') return item.message;
      return null;
    }),
  );
}

/** Spec 2 §8's text for an answer whose body does not match the schema the call expects. */
export const shapeMismatchMessage = (url: string): string =>
  `Response from ${url} did not match the expected shape`;

/** Spec 2 §8's text for a call that got no answer within the client's timeout. */
export const timedOutMessage = (url: string): string => `Request to ${url} timed out`;
