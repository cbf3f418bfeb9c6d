/**
 * Webhooks: the event types an organisation subscribes to, the filter language, which audit entries
 * become which events, the request shapes of the console's webhook API, and the signature (one
 * implementation, used by the server to sign and by tests and receivers to verify).
 *
 * The signature uses Web Crypto (`crypto.subtle`), available in Node 20+ and browsers, so this file
 * stays importable by the web apps.
 */
import { backoffDelayMs } from './backoff';
import { z } from 'zod';
import { APPLICATION_STEPS } from './enums';
import { US_STATE_CODES } from './us-states';

export const WEBHOOK_EVENT_TYPES = [
  'application.created',
  'step.changed',
  'offer.selected',
  'application.submitted',
  'condition.raised',
  'condition.cleared',
  'decision.made',
  'application.funded',
] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

/**
 * The filter language. A subscription's `filters` is a list of conditions that must ALL hold for an
 * event to be delivered (an empty list: every event of the subscribed types). Each condition names
 * one field of the event's `data`, an operator and 1–50 values:
 *
 *   { "field": "toStep", "op": "in", "values": ["OFFER_SELECTION", "COMPLETE"] }
 *   { "field": "propertyState", "op": "notIn", "values": ["TX"] }
 *
 * `in`: the event has the field and its value is one of `values`. `notIn`: the event lacks the field
 * or its value is none of `values`. Values are checked per field (steps against the step list, states
 * against the US state codes), so a typo is refused when the subscription is saved, not silently
 * never matched.
 */
export const WEBHOOK_FILTER_FIELDS = [
  'toStep',
  'fromStep',
  'propertyState',
  'actorType',
  'action',
  'conditionCategory',
] as const;
export const ZWebhookFilterField = z.enum(WEBHOOK_FILTER_FIELDS);
export type TWebhookFilterField = z.infer<typeof ZWebhookFilterField>;

const ACTOR_TYPES = ['BORROWER', 'CO_DEEDER', 'STAFF', 'SYSTEM', 'PROVIDER'] as const;
const ZFilterValue = z.string().min(1).max(64);
const FIELD_VALUES: Partial<Record<TWebhookFilterField, readonly string[]>> = {
  toStep: APPLICATION_STEPS,
  fromStep: APPLICATION_STEPS,
  propertyState: US_STATE_CODES,
  actorType: ACTOR_TYPES,
};

export const ZWebhookFilter = z
  .object({
    field: ZWebhookFilterField,
    op: z.enum(['in', 'notIn']),
    values: z.array(ZFilterValue).min(1, 'List at least one value').max(50),
  })
  .superRefine((filter, context) => {
    const allowed = FIELD_VALUES[filter.field];
    if (!allowed) return;
    filter.values.forEach((value, index) => {
      if (!allowed.includes(value))
        context.addIssue({
          code: 'custom',
          path: ['values', index],
          message: `${value} is not a known ${filter.field}`,
        });
    });
  });
export type TWebhookFilter = z.infer<typeof ZWebhookFilter>;
export const ZWebhookFilters = z.array(ZWebhookFilter).max(20);

/** What an event carries about the application (never PII: no names, SSNs, e-mails, amounts owed). */
export type TWebhookEventData = {
  applicationUuid: string;
  action: string;
  actorType: string;
  fromStep: string | null;
  toStep: string | null;
  propertyState?: string | null;
  conditionCategory?: string | null;
  [key: string]: unknown;
};

/** Whether an event passes every filter condition (see the filter language above). */
export function webhookFiltersMatch(filters: readonly TWebhookFilter[], data: TWebhookEventData): boolean {
  return filters.every((filter) => {
    const raw = data[filter.field];
    const value = typeof raw === 'string' ? raw : null;
    const listed = value !== null && filter.values.includes(value);
    return filter.op === 'in' ? listed : !listed;
  });
}

/** The audit entry as the step machine and recordAction write it (apps/server/src/workflow/audit.ts). */
export type TAuditFacts = {
  kind: 'STEP_CHANGE' | 'ACTION';
  action: string;
  fromStep?: string | null;
  toStep?: string | null;
  data?: Record<string, unknown>;
};

/** Underwriting outcomes that are a decision on the application (decision.made). */
const DECISION_ACTIONS: Record<string, 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'COUNTER_OFFER'> = {
  OFFERS_READY: 'APPROVED',
  STAFF_COUNTER_OFFER: 'COUNTER_OFFER',
  CANCEL: 'CANCELLED',
};

/**
 * Which webhook events one audit entry is. Every application movement is audited through one
 * function (recordEvent), so mapping its entries is the one place events come from:
 * - every step change is `step.changed` (also a re-entry of the same step, e.g. a retried pull);
 * - SELECT_OFFER → `offer.selected`; APPLICATION_SUBMITTED → `application.submitted`;
 *   FUNDED → `application.funded`;
 * - offers priced (OFFERS_READY), any move to DECLINED, a staff cancel or counter-offer → `decision.made`
 *   with `decision` APPROVED / DECLINED / CANCELLED / COUNTER_OFFER;
 * - actions CONDITION_RAISED → `condition.raised`; CONDITION_CLEARED and CONDITION_WAIVED →
 *   `condition.cleared`; APPLICATION_CREATED → `application.created`.
 */
export function webhookEventsForAudit(
  entry: TAuditFacts,
): { type: TWebhookEventType; extra: Record<string, unknown> }[] {
  const events: { type: TWebhookEventType; extra: Record<string, unknown> }[] = [];
  if (entry.kind === 'STEP_CHANGE') {
    events.push({ type: 'step.changed', extra: {} });
    if (entry.action === 'SELECT_OFFER') events.push({ type: 'offer.selected', extra: {} });
    if (entry.action === 'APPLICATION_SUBMITTED') events.push({ type: 'application.submitted', extra: {} });
    if (entry.action === 'FUNDED') events.push({ type: 'application.funded', extra: {} });
    const decision =
      entry.toStep === 'DECLINED' && entry.fromStep !== 'DECLINED'
        ? 'DECLINED'
        : DECISION_ACTIONS[entry.action];
    if (decision) events.push({ type: 'decision.made', extra: { decision } });
    return events;
  }
  const category = typeof entry.data?.category === 'string' ? entry.data.category : null;
  if (entry.action === 'APPLICATION_CREATED') events.push({ type: 'application.created', extra: {} });
  if (entry.action === 'CONDITION_RAISED')
    events.push({ type: 'condition.raised', extra: { conditionCategory: category } });
  if (entry.action === 'CONDITION_CLEARED' || entry.action === 'CONDITION_WAIVED')
    events.push({
      type: 'condition.cleared',
      extra: {
        conditionCategory: category,
        resolution: entry.action === 'CONDITION_WAIVED' ? 'WAIVED' : 'CLEARED',
      },
    });
  return events;
}

// ---------------------------------------------------------------------------------------------
// Signature

/** Request headers of every delivery (lower case, as Node and fetch hand them to a receiver). */
export const WEBHOOK_HEADERS = {
  /** The event's id: the same on every attempt and replay (receivers de-duplicate on it). */
  id: 'x-heloc-webhook-id',
  event: 'x-heloc-webhook-event',
  /** Unix seconds when this attempt was signed. */
  timestamp: 'x-heloc-webhook-timestamp',
  /** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` */
  signature: 'x-heloc-webhook-signature',
} as const;

/** How old a signed timestamp a receiver should accept (replayed requests older than this are refused). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `v1=<hex>`: HMAC-SHA256 with the subscription's secret over `${timestamp}.${body}`. */
export async function signWebhookPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return `v1=${hex(mac)}`;
}

/** Compares without stopping at the first difference (no timing hint of how much matched). */
function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1)
    difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  return difference === 0;
}

/**
 * A receiver's check: the signature matches the raw body as received (not re-serialised JSON) and
 * the timestamp is within the tolerance of `nowSeconds`. Answers why not, or null when valid.
 */
export async function verifyWebhookSignature(input: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  nowSeconds: number;
  toleranceSeconds?: number;
}): Promise<'missing headers' | 'stale timestamp' | 'bad signature' | null> {
  if (!input.timestamp || !input.signature) return 'missing headers';
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return 'missing headers';
  const tolerance = input.toleranceSeconds ?? WEBHOOK_SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(input.nowSeconds - timestamp) > tolerance) return 'stale timestamp';
  const expected = await signWebhookPayload(input.secret, timestamp, input.body);
  // Several signatures may be sent during a secret rotation; any one valid is enough.
  const offered = input.signature.split(',').map((part) => part.trim());
  return offered.some((each) => constantTimeEqual(each, expected)) ? null : 'bad signature';
}

// ---------------------------------------------------------------------------------------------
// The console's API shapes

/** http(s) only, no user:password, at most 2,048 characters. Addresses are checked by the server. */
export const ZWebhookUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// address without a user name or password');

export const ZWebhookSubscriptionRequest = z.object({
  /** Platform admins: which organisation; ignored for an organisation's own admin. */
  orgCode: z.string().max(64).nullable().optional(),
  url: ZWebhookUrl,
  description: z.string().trim().max(200).default(''),
  eventTypes: z
    .array(ZWebhookEventType)
    .min(1, 'Choose at least one event type')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((types) => new Set(types).size === types.length, 'An event type is listed twice'),
  filters: ZWebhookFilters.default([]),
});
export type TWebhookSubscriptionRequest = z.input<typeof ZWebhookSubscriptionRequest>;

export const WEBHOOK_SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const ZWebhookSubscription = z.object({
  uuid: z.string(),
  orgCode: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(ZWebhookEventType),
  filters: z.array(ZWebhookFilter),
  status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES),
  /** Why it is paused: `FAILURES` (N consecutive failed attempts) or `STAFF`. */
  pausedReason: z.enum(['FAILURES', 'STAFF']).nullable(),
  pausedAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  secretRotatedAt: z.string(),
  createdAt: z.string(),
  /** Deliveries not delivered (failed, held while paused). */
  undelivered: z.number().int(),
});
export type TWebhookSubscription = z.infer<typeof ZWebhookSubscription>;

/** The answer to creating a subscription or rotating its secret: the secret, shown this once. */
export const ZWebhookSecretAnswer = z.object({
  subscription: ZWebhookSubscription,
  secret: z.string(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'HELD'] as const;
export const ZWebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
export const ZWebhookAttempt = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
  replay: z.boolean(),
});
export const ZWebhookDelivery = z.object({
  uuid: z.string(),
  subscriptionUuid: z.string(),
  eventType: ZWebhookEventType,
  applicationUuid: z.string().nullable(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  attemptLog: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesQuery = z.object({
  status: ZWebhookDeliveryStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZWebhookReplayRequest = z.object({
  /** Every delivery of the subscription not delivered (failed or held) created at or after this instant. */
  since: z.iso.datetime({ offset: true }),
});

/**
 * Wait before attempt n + 1 after attempt n failed: 10 s × 3^(n−1), at most one hour (10 s, 30 s,
 * 1.5 min, 4.5 min, 13.5 min, 40.5 min, 1 h …): a receiver down for a deploy gets its events minutes
 * later, one down for hours is paused instead of hammered.
 */
export function webhookRetryDelayMs(failedAttempt: number): number {
  return backoffDelayMs({ baseMs: 10_000, factor: 3, maxMs: 3_600_000 }, failedAttempt - 1);
}
