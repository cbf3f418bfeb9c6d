/**
 * Request bodies of every JSON write outside the engine's borrower actions (those are
 * `ENGINE_WRITES`), by `METHOD /path` exactly as the server registers the route (`:param` for path
 * parameters). The Fastify route takes its body from here (a test fails on a write route whose body
 * is not its entry) and the web's and the console's calls type their body as `z.input` of the same
 * schema, so a body the server would refuse for its shape does not compile. Schemas live by area.
 */
import type { z } from 'zod';
import { BORROWER_WRITES } from './borrower';
import { CHAT_WRITES } from './chat';
import { CO_DEED_WRITES } from './co-deed';
import { CONSOLE_WRITES } from './console';
import { IDENTITY_WRITES } from './identity';
import { OPTIMIZE_WRITES } from './optimize';
import { STAFF_ADMIN_WRITES } from './staff-admin';
import { TELEMETRY_WRITES } from './telemetry';

export * from './borrower';
export * from './chat';
export * from './co-deed';
export * from './console';
export * from './identity';
export * from './optimize';
export * from './staff-admin';
export * from './telemetry';
export * from './write-target';

export const API_WRITES = {
  ...IDENTITY_WRITES,
  ...BORROWER_WRITES,
  ...OPTIMIZE_WRITES,
  ...TELEMETRY_WRITES,
  ...CHAT_WRITES,
  ...CO_DEED_WRITES,
  ...CONSOLE_WRITES,
  ...STAFF_ADMIN_WRITES,
} as const satisfies Record<string, z.ZodType>;

export type TApiWrite = keyof typeof API_WRITES;
/** What a caller sends (the schema's input: defaults may be left out). */
export type TApiWriteBody<K extends TApiWrite> = z.input<(typeof API_WRITES)[K]>;

/** The path parameters a write's path names (`:uuid` → `uuid`). */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type TApiWriteParams<K extends TApiWrite> = Record<TPathParamNames<K>, string>;
/** A call's `params` option: required, by name, exactly when the write's path names parameters. */
export type TApiWriteParamsOption<K extends TApiWrite> = [TPathParamNames<K>] extends [never]
  ? { params?: undefined }
  : { params: TApiWriteParams<K> };
