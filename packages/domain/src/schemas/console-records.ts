/**
 * The lender console's application file, second part (issue 15 item 2): revealing a full sealed
 * value (SSN, bank account number), staff notes and the borrower's chat transcripts.
 */
import { z } from 'zod';
import { ZPropertyCondition } from '../enums';
import { ZStaffReason } from './console-file';
import { ZIsoDate } from './common';

// ---------------------------------------------------------------------------------------------
// Revealing sensitive data. The file shows SSNs and account numbers masked; the full value needs
// SENSITIVE_DATA_REVEAL and a reason, and each reveal is an audit entry (SENSITIVE_DATA_REVEALED)
// that the timeline shows as a staff read of sensitive data: who, when, which field, why.
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_PURPOSES = ['DISBURSEMENT', 'AUTOPAY'] as const;
export const ZAccountPurpose = z.enum(ACCOUNT_PURPOSES);

export const ZRevealRequest = z.discriminatedUnion('field', [
  z.object({ field: z.literal('SSN'), reason: ZStaffReason }),
  z.object({ field: z.literal('ACCOUNT_NUMBER'), purpose: ZAccountPurpose, reason: ZStaffReason }),
]);
export type TRevealRequest = z.infer<typeof ZRevealRequest>;

export const ZRevealAnswer = z.object({
  field: z.enum(['SSN', 'ACCOUNT_NUMBER']),
  purpose: ZAccountPurpose.nullable(),
  /** The full value (an SSN as 123-45-6789; an account number's digits). */
  value: z.string(),
  revealedAt: z.string(),
});
export type TRevealAnswer = z.infer<typeof ZRevealAnswer>;

/** The audit action of a reveal (its timeline kind is SENSITIVE). */
export const SENSITIVE_READ_ACTION = 'SENSITIVE_DATA_REVEALED';

/** An SSN's nine digits as 123-45-6789. */
export function formatSsn(digits: string): string {
  const only = digits.replace(/\D/g, '');
  return only.length === 9 ? `${only.slice(0, 3)}-${only.slice(3, 5)}-${only.slice(5)}` : only;
}

// ---------------------------------------------------------------------------------------------
// Staff notes: internal to the lender (the borrower never sees them), append-only (a note is
// never edited or deleted: a correction is a new note), each one an audit entry (STAFF_NOTE_ADDED).
// ---------------------------------------------------------------------------------------------

export const STAFF_NOTE_ACTION = 'STAFF_NOTE_ADDED';
export const STAFF_NOTE_MAX_LENGTH = 4000;

export const ZStaffNoteRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note')
    .max(STAFF_NOTE_MAX_LENGTH, `At most ${STAFF_NOTE_MAX_LENGTH} characters`),
});
export type TStaffNoteRequest = z.infer<typeof ZStaffNoteRequest>;

export const ZStaffNote = z.object({
  uuid: z.string(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type TStaffNote = z.infer<typeof ZStaffNote>;
export const ZStaffNotes = z.object({ items: z.array(ZStaffNote) });

// ---------------------------------------------------------------------------------------------
// Chat transcripts: the borrower's conversations (live agent and chatbot) linked to the
// application, or started by the borrower while signed in to the application's organisation.
// ---------------------------------------------------------------------------------------------

export const ZChatTranscript = z.object({
  uuid: z.string(),
  kind: z.string(),
  status: z.string(),
  agentName: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** Whether the conversation names this application (else: the borrower's, before it was linked). */
  linked: z.boolean(),
  messages: z.array(
    z.object({
      uuid: z.string(),
      /** customer, agent or bot. */
      role: z.string(),
      author: z.string(),
      body: z.string().nullable(),
      attachments: z.array(z.string()),
      at: z.string(),
    }),
  ),
});
export type TChatTranscript = z.infer<typeof ZChatTranscript>;
export const ZChatTranscripts = z.object({ items: z.array(ZChatTranscript) });

// ---------------------------------------------------------------------------------------------
// Work items: manual steps the engine waits on, each completed by a member holding
// WORK_ITEMS_COMPLETE with a reason (audited; the application moves through the engine's own
// transitions). Derived from the application's step and facts, not stored.
// ---------------------------------------------------------------------------------------------

export const WORK_ITEM_KINDS = [
  'VALUATION_REPORT',
  'PAYOFF_STATEMENT',
  'MANUAL_NOTARY_SIGNED',
  'FUNDING_HOLD_RELEASE',
] as const;
export const ZWorkItemKind = z.enum(WORK_ITEM_KINDS);
export type TWorkItemKind = z.infer<typeof ZWorkItemKind>;

export const WORK_ITEM_LABELS: Record<TWorkItemKind, string> = {
  VALUATION_REPORT: 'Record the valuation report (BPO) received outside the integration',
  PAYOFF_STATEMENT: 'Record the payoff statement of the junior lien paid off at closing',
  MANUAL_NOTARY_SIGNED: 'Confirm the deed was signed at the notary appointment',
  FUNDING_HOLD_RELEASE: 'Release the funding hold: the disbursement account is confirmed',
};

export const ZWorkItem = z.object({
  kind: ZWorkItemKind,
  title: z.string(),
  description: z.string(),
  /** When it may be completed (an appointment's start), null: now. */
  availableFrom: z.string().nullable(),
  ready: z.boolean(),
});
export type TWorkItem = z.infer<typeof ZWorkItem>;
export const ZWorkItems = z.object({ items: z.array(ZWorkItem) });
/**
 * VALUATION_REPORT also takes the report's value and the property's condition; PAYOFF_STATEMENT the
 * payoff amount (all junior liens together) and the day the statement is good through.
 */
export const ZWorkItemCompleteRequest = z.object({
  reason: ZStaffReason,
  valueCents: z.number().int().min(1_000_000, 'At least $10,000').max(100_000_000_000).optional(),
  condition: ZPropertyCondition.optional(),
  payoffCents: z.number().int().min(1, 'More than $0').max(100_000_000_000).optional(),
  goodThrough: ZIsoDate.optional(),
});
export type TWorkItemCompleteRequest = z.infer<typeof ZWorkItemCompleteRequest>;
