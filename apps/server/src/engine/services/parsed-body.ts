/**
 * The body a service receives: what the route's schema (the write's entry of ENGINE_WRITES) parsed
 * the request into, defaults filled in, so the service and the transport cannot disagree on it.
 */
import type { z } from 'zod';
import type { ENGINE_WRITES, TEngineWrite } from '@heloc/domain';

export type ParsedBody<A extends TEngineWrite> = z.output<(typeof ENGINE_WRITES)[A]>;
