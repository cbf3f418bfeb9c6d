/**
 * What each job kind carries in the jobs table (issue 20): one zod schema per kind, checked when a
 * job is queued (engine/store.ts, closing/store.ts) and read back typed by the handlers that parse
 * it. Payloads are plain references (application, document, account ids) and provider answers; no
 * secret ever travels in one: a field named like a secret (a PIN, an SSN, an account number, a
 * password, a date of birth …) is refused at any depth. Secrets stay sealed in their own rows
 * (lib/sealed.ts) and the job opens them when it runs (e.g. `withSealedFreezePin`).
 *
 * Kinds are written out as strings (not imported from the stores) because the stores import this
 * module; `satisfies` below keeps the list complete against both kind tables.
 */
import { z } from 'zod';
import { ZIdType, ZUuid } from '@heloc/domain';
import type { ClosingJobKind } from './closing/store';
import type { JobKind } from './store';

/** Field names that name a secret or PII; compared without case, dashes or underscores. */
const SECRET_FIELD_NAMES = [
  'pin',
  'freezepin',
  'creditfreezepin',
  'ssn',
  'socialsecuritynumber',
  'taxid',
  'accountnumber',
  'password',
  'passcode',
  'secret',
  'dob',
  'dateofbirth',
  'totpcode',
  'jwt',
];

const normalised = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/** The path of the first secret-named field in `value`, or null. */
export function secretFieldIn(value: unknown, path = 'payload'): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = secretFieldIn(item, `${path}.${index}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_FIELD_NAMES.includes(normalised(key))) return `${path}.${key}`;
      const found = secretFieldIn(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

const ZApplicationJob = z.object({ applicationUuid: ZUuid });
const only = <T extends z.ZodRawShape>(shape: T) => ZApplicationJob.extend(shape).strict();
/** A provider's answer carried to the next poll (ids, dates, amounts; never a secret: see above). */
const providerAnswer = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

export const JOB_PAYLOADS = {
  // Pre-offer
  'credit.softPull': only({ withSealedFreezePin: z.literal(true).optional() }),
  'property.lookup': only({ propertyId: z.string().max(200).optional() }),
  'underwriting.price': only({}),
  // Submission
  'documents.appSummary': only({}),
  'credit.hardPull': only({}),
  'application.submit': only({}),
  'documents.adverseAction': only({}),
  // Closing
  'income.verifyLink': only({ linkId: z.string().max(200), kind: z.string().max(50) }),
  'income.reviewDocuments': only({}),
  'income.verifyEmployment': only({ employerName: z.string().max(200) }),
  'bank.verifyAccount': only({ purpose: z.enum(['DISBURSEMENT', 'AUTOPAY']), accountUuid: ZUuid }),
  'identity.verify': only({ documentUuid: ZUuid, idType: ZIdType }),
  'valuation.orderBpo': only({
    phase: z.string().max(50),
    borrowerEstimateCents: z.number().int().nullable().optional(),
  }),
  'valuation.pollBpo': only({ order: providerAnswer({ orderId: z.string() }), phase: z.unknown() }),
  'closing.prepare': only({}),
  'flood.recheck': only({}),
  'esign.complete': only({}),
  'notary.completeSession': only({ session: providerAnswer({ sessionId: z.string() }) }),
  'notary.appointmentDone': only({ appointmentId: z.string().max(200), endsAt: z.string() }),
  'rescission.start': only({}),
  'rescission.end': only({}),
  'recording.submit': only({}),
  'recording.poll': only({ submission: providerAnswer({ recordingId: z.string() }) }),
  'funding.decide': only({}),
  'funding.schedule': only({}),
  'funding.poll': only({ disbursement: providerAnswer({ fundingId: z.string() }) }),
} satisfies Record<JobKind | ClosingJobKind, z.ZodType>;

export type JobPayloadKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobPayloadKind> = z.infer<(typeof JOB_PAYLOADS)[K]>;

export class JobPayloadError extends Error {
  constructor(kind: string, problem: string) {
    super(`job ${kind}: ${problem}`);
    this.name = 'JobPayloadError';
  }
}

/**
 * The payload checked for `kind` before it is queued: a secret-named field, an unknown kind or a
 * payload outside the kind's schema throws (a programming error, so the write it belongs to fails).
 */
export function checkJobPayload(kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  const secret = secretFieldIn(payload);
  if (secret) throw new JobPayloadError(kind, `${secret} looks like a secret; seal it and pass a reference`);
  const schema = (JOB_PAYLOADS as Record<string, z.ZodType>)[kind];
  if (!schema) throw new JobPayloadError(kind, 'no payload schema for this kind');
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new JobPayloadError(
      kind,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return payload;
}

/** A queued payload read back typed (a job queued before a schema change fails here, clearly). */
export function parseJobPayload<K extends JobPayloadKind>(kind: K, payload: unknown): JobPayload<K> {
  const parsed = JOB_PAYLOADS[kind].safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(kind, parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data as JobPayload<K>;
}

/**
 * A dead job's payload for its `onDead` handler, typed, or null when it does not fit the kind's
 * schema (the handler then has nothing to mark; throwing there would hide the job's own error).
 */
export function jobPayloadOrNull<K extends JobPayloadKind>(kind: K, payload: unknown): JobPayload<K> | null {
  const parsed = JOB_PAYLOADS[kind].safeParse(payload);
  return parsed.success ? (parsed.data as JobPayload<K>) : null;
}
