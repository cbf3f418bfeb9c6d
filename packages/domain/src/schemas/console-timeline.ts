/** The lender console's timeline of an application: kinds, labels, the query and the entries. */
import { z } from 'zod';
import { commaList } from './console-pipeline';

// ---------------------------------------------------------------------------------------------
// The timeline
// ---------------------------------------------------------------------------------------------

export const TIMELINE_KINDS = [
  'STEP',
  'BORROWER',
  'PROVIDER',
  'DOCUMENT',
  'CONDITION',
  'STAFF',
  'NOTE',
  'SENSITIVE',
  'SYSTEM',
] as const;
export const ZTimelineKind = z.enum(TIMELINE_KINDS);
export type TTimelineKind = z.infer<typeof ZTimelineKind>;

export const TIMELINE_KIND_LABELS: Record<TTimelineKind, string> = {
  STEP: 'Step changes',
  BORROWER: 'Borrower actions',
  PROVIDER: 'Provider results',
  DOCUMENT: 'Documents',
  CONDITION: 'Conditions',
  STAFF: 'Staff actions',
  NOTE: 'Staff notes',
  SENSITIVE: 'Sensitive data reads',
  SYSTEM: 'System',
};

/**
 * The kind of one audit entry. Conditions and documents first (whoever acted), then step changes,
 * then who acted: a borrower's or co-owner's action, a staff member's, a provider's, the system's.
 */
export function timelineKind(entry: { kind: string; action: string; actorType: string }): TTimelineKind {
  const action = entry.action.toUpperCase();
  // Literals, not the constants of ./console-records (which imports this file): kept equal by its test.
  if (action === 'STAFF_NOTE_ADDED') return 'NOTE';
  if (action === 'SENSITIVE_DATA_REVEALED') return 'SENSITIVE';
  if (action.includes('CONDITION')) return 'CONDITION';
  if (/DOCUMENT|UPLOAD|SIGNED|NOTICE/.test(action)) return 'DOCUMENT';
  if (entry.kind === 'STEP_CHANGE') return 'STEP';
  if (entry.actorType === 'BORROWER' || entry.actorType === 'CO_DEEDER') return 'BORROWER';
  if (entry.actorType === 'STAFF') return 'STAFF';
  if (entry.actorType === 'PROVIDER') return 'PROVIDER';
  return 'SYSTEM';
}

export const ZTimelineQuery = z.object({
  /** Comma-separated kinds (none: every kind). */
  kind: commaList(ZTimelineKind).optional(),
});

export const ZTimelineEntry = z.object({
  id: z.number(),
  at: z.string(),
  kind: ZTimelineKind,
  action: z.string(),
  actorType: z.string(),
  /** Who: the staff member's or borrower's e-mail, else the actor type in words. */
  actor: z.string(),
  fromStep: z.string().nullable(),
  toStep: z.string().nullable(),
  fromStepLabel: z.string().nullable(),
  toStepLabel: z.string().nullable(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

export const ZTimeline = z.object({ items: z.array(ZTimelineEntry) });
export type TTimeline = z.infer<typeof ZTimeline>;
