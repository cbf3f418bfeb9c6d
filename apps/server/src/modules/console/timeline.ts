/** The console's timeline of an application, from the audit trail. */
import type { FastifyRequest } from 'fastify';
import { stepInWords, timelineKind, type TTimeline, type TTimelineKind } from '@heloc/domain';
import type { Executor } from '../../db';
import { selectTimeline } from './repository';
import { authorizeApplication } from './service';

// ---------------------------------------------------------------------------------------------
// Timeline
// ---------------------------------------------------------------------------------------------

const ACTOR_WORDS: Record<string, string> = {
  BORROWER: 'Borrower',
  CO_DEEDER: 'Co-owner',
  STAFF: 'Staff',
  SYSTEM: 'System',
  PROVIDER: 'Provider',
};

export async function applicationTimeline(
  db: Executor,
  request: FastifyRequest,
  uuid: string,
  kinds: readonly TTimelineKind[] | undefined,
): Promise<TTimeline> {
  await authorizeApplication(db, request, uuid);
  const rows = await selectTimeline(db, uuid);
  const items = rows
    .map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: timelineKind(row),
      action: row.action,
      actorType: row.actorType,
      actor: row.actorEmail ?? ACTOR_WORDS[row.actorType] ?? row.actorType,
      fromStep: row.fromStep,
      toStep: row.toStep,
      // An action repeats the step it happened at: only a step change has a from → to.
      fromStepLabel: row.kind === 'STEP_CHANGE' && row.fromStep ? stepInWords(row.fromStep) : null,
      toStepLabel: row.kind === 'STEP_CHANGE' && row.toStep ? stepInWords(row.toStep) : null,
      // Staff actions keep their reason in the entry's data (a waiver, a reopening).
      reason: row.reason ?? (typeof row.data.reason === 'string' ? row.data.reason : null),
      data: row.data,
    }))
    .filter((item) => !kinds?.length || kinds.includes(item.kind));
  return { items };
}
