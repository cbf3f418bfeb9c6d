/**
 * Typed calls of the API's JSON writes outside the engine (the engine's are `engine-client.ts`): a
 * write is named by its `METHOD /path` key of the domain's `API_WRITES`, its body typed as `z.input`
 * of the very schema the server validates with, and its path parameters required by name, so a body
 * the server would refuse for its shape, or a missing parameter, does not compile. Types only come
 * from the registry: the schemas stay out of the bundle (the server checks; forms check with their
 * own form schemas).
 */
import type { z } from 'zod';
import {
  apiWriteTarget,
  type TApiWrite,
  type TApiWriteBody,
  type TApiWriteParamsOption,
  type TPathParamNames,
} from '@heloc/domain';
import { request, type RequestOptions } from './api-client';

/** The call's options, with `params` required exactly when the path names parameters. */
export type ApiWriteOptions<K extends TApiWrite> = RequestOptions & TApiWriteParamsOption<K>;

type OptionalOptions<K extends TApiWrite> = [TPathParamNames<K>] extends [never]
  ? [options?: ApiWriteOptions<K>]
  : [options: ApiWriteOptions<K>];

/** Send `body` to the write `key`; with a `schema`, answers its parsed output. */
export function apiWrite<K extends TApiWrite, S extends z.ZodType>(
  key: K,
  body: TApiWriteBody<K>,
  options: ApiWriteOptions<K> & { schema: S },
): Promise<z.output<S>>;
export function apiWrite<K extends TApiWrite>(
  key: K,
  body: TApiWriteBody<K>,
  ...options: OptionalOptions<K>
): Promise<unknown>;
export function apiWrite(
  key: TApiWrite,
  body: unknown,
  options: RequestOptions & { params?: Record<string, string>; schema?: z.ZodType } = {},
): Promise<unknown> {
  const { params, ...rest } = options;
  const { method, path } = apiWriteTarget(key, params);
  return request(method, path, body, rest);
}
