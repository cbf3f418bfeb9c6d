/**
 * Typed calls of the API's JSON writes outside the engine (the engine's are `engine-client.ts`): a
 * write is named by its `METHOD /path` key of the domain's `API_WRITES`, its body typed as `z.input`
 * of the very schema the server validates with, and its path parameters required by name, so a body
 * the server would refuse for its shape, or a missing parameter, does not compile. Types only come
 * from the registry: the schemas stay out of the bundle (the server checks; forms check with their
 * own form schemas).
 */
import type { TApiWrite } from '@heloc/domain';
import type { WriteOptions } from '@heloc/api-client';
import { httpClient } from './api-client';
import type { RequestOptions } from './api-headers';

/** The call's options, with `params` required exactly when the path names parameters. */
export type ApiWriteOptions<K extends TApiWrite> = WriteOptions<K, RequestOptions>;

/** Send `body` to the write `key`; with a `schema`, answers its parsed output. */
export const apiWrite = httpClient.write;
