/**
 * Decisions in the lender console (issue 15 item 5). Every decision moves the application through
 * the engine's own guarded transitions (moveApplication and the step tables: STAFF_DECLINE, CANCEL),
 * never by writing a step, and is kept in `application_decisions` beside the audit trail's entry.
 *
 * Maker-checker (packages/domain/src/schemas/decisions.ts): a member holding DECISIONS_APPROVE takes
 * an in-policy decision at once; a member holding only DECISIONS_PROPOSE, and anyone for an
 * out-of-policy decision, proposes it (PROPOSED) and a different member holding DECISIONS_APPROVE
 * approves (it is applied then, under the approver's name) or rejects it. Nobody approves or rejects
 * their own proposal.
 *
 * The audit trail (and so the timeline): DECISION_PROPOSED and DECISION_REJECTED actions with who and
 * why; an applied decision is the step change itself (actor, reason = the note, data = the decision).
 */
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  EXCEPTIONABLE_RULES,
  mergePricing,
  OUT_OF_POLICY_DECISIONS,
  REOPENABLE_STEPS,
  ZStaffDecisionType,
  isFinalApplicationStep,
  ZApplicationStep,
  type TStaffDecision,
  type TStaffDecisionRequest,
  type TStaffDecisionType,
} from '@heloc/domain';
import { schema, type Database, type Executor } from '../../db';
import { recordAction } from '../../engine/closing/store';
import { latestEntryInto, reopenAction } from '../../engine/staff-transitions';
import { ENGINE_STEP_TABLE, type EngineAction } from '../../engine/steps';
import { JOB_KINDS, moveApplication } from '../../engine/store';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { findTransition, withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import { staffCan, staffOf } from '../staff/policy';
import { authorizeApplication } from './service';

const d = schema.applicationDecisions;
type DecisionRow = typeof d.$inferSelect;

export const DECISION_NOT_FOUND = 'Decision not found';

/** Whether this member's decision of this kind applies at once (else it waits for a second member). */
export function appliesAtOnce(staff: Parameters<typeof staffCan>[0], type: TStaffDecisionType): boolean {
  return staffCan(staff, 'DECISIONS_APPROVE') && !OUT_OF_POLICY_DECISIONS.includes(type);
}

/** The decision's own fields, as stored in `details` (the request without its type and note). */
function detailsOf(request: TStaffDecisionRequest): Record<string, unknown> {
  const { type: _type, note: _note, ...details } = request;
  return details;
}

/**
 * The engine action a decision takes on this application. A reopening goes back to the step the
 * application was cancelled from (one transition per reopenable step), so it reads the cancel.
 */
async function decisionAction(
  tx: Executor,
  application: ApplicationRow,
  type: TStaffDecisionType,
): Promise<EngineAction> {
  switch (type) {
    case 'DECLINE':
      return 'STAFF_DECLINE';
    case 'CANCEL':
      return 'CANCEL';
    case 'COUNTER_OFFER':
      return 'STAFF_COUNTER_OFFER';
    case 'VALUATION_OVERRIDE':
      return 'STAFF_VALUATION_OVERRIDE';
    case 'APPROVE_EXCEPTION':
      return 'STAFF_EXCEPTION';
    case 'REOPEN': {
      if (application.step !== 'CANCELLED')
        throw new AppError('CONFLICT', 'Only a cancelled application can be reopened', {
          step: application.step,
        });
      const cancel = await latestEntryInto(tx, application.uuid, 'CANCELLED');
      const step = REOPENABLE_STEPS.find((each) => each === cancel?.fromStep);
      if (!step)
        throw new AppError(
          'CONFLICT',
          'This application was cancelled while it waited for provider work: the borrower starts a new application',
          { cancelledAt: cancel?.fromStep ?? null },
        );
      return reopenAction(step);
    }
  }
}

/**
 * An exception applies only to the engine's own underwriting decline (the latest step into
 * DECLINED is its DECLINE), names every rule that decline gave, and only exceptionable ones.
 */
async function checkException(tx: Executor, application: ApplicationRow, rules: readonly string[]) {
  const decline = await latestEntryInto(tx, application.uuid, 'DECLINED');
  if (application.step !== 'DECLINED' || decline?.action !== 'DECLINE')
    throw new AppError(
      'CONFLICT',
      'An exception applies only to an application the engine’s underwriting declined',
      { step: application.step },
    );
  const declined = Array.isArray(decline.data.reasons) ? decline.data.reasons.map(String) : [];
  const fixed = declined.filter((rule) => !(EXCEPTIONABLE_RULES as readonly string[]).includes(rule));
  if (fixed.length > 0)
    throw new AppError('CONFLICT', `No exception can be made to: ${fixed.join(', ')}`, { rules: fixed });
  const missing = declined.filter((rule) => !rules.includes(rule));
  const extra = rules.filter((rule) => !declined.includes(rule));
  if (missing.length > 0 || extra.length > 0)
    throw new AppError('CONFLICT', `Name exactly the rules the engine declined on: ${declined.join(', ')}`, {
      rules: declined,
    });
}

/**
 * Whether the locked application can take the decision now: checked when it is proposed (so nobody
 * approves a proposal that could never apply) and again when it is applied (the borrower may have
 * moved on meanwhile). 409 otherwise; the engine's transition checks the step once more as it moves.
 */
async function checkDecision(
  tx: Executor,
  request: FastifyRequest,
  application: ApplicationRow,
  type: TStaffDecisionType,
  details: Record<string, unknown>,
): Promise<EngineAction> {
  // Only a reopening and an exception leave a closed application (their own checks say which).
  if (type !== 'REOPEN' && type !== 'APPROVE_EXCEPTION') refuseClosed(application);
  if (type === 'APPROVE_EXCEPTION') await checkException(tx, application, details.rules as string[]);
  const action = await decisionAction(tx, application, type);
  if (!findTransition(ENGINE_STEP_TABLE, application.step, action))
    throw new AppError('CONFLICT', `A ${type} decision is not possible at ${application.step}`, {
      step: application.step,
    });
  if (type === 'COUNTER_OFFER') {
    const line = Number(details.maxLineCents);
    const offers = await offersOf(tx, application.uuid);
    const current = Math.max(0, ...offers.map((offer) => offer.maxLineCents));
    const { minLineCents } = mergePricing(
      request.server.orgs.byOrgCode(application.orgCode)?.orgPricingData ?? [],
    );
    if (line >= current)
      throw new AppError('CONFLICT', 'A counter-offer must be lower than the current maximum line', {
        maxLineCents: current,
      });
    if (line < minLineCents)
      throw new AppError('CONFLICT', 'A counter-offer cannot be below the minimum line', { minLineCents });
  }
  return action;
}

async function offersOf(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationOffers)
    .where(eq(schema.applicationOffers.applicationUuid, applicationUuid));
}

/** Moves the locked application as the decision says, through the engine's transitions. */
async function applyDecision(
  tx: Executor,
  clock: Clock,
  request: FastifyRequest,
  application: ApplicationRow,
  decision: DecisionRow,
  actorUuid: string,
): Promise<void> {
  const type = ZStaffDecisionType.parse(decision.type);
  const action = await checkDecision(tx, request, application, type, decision.details);
  const actor = { type: 'STAFF' as const, uuid: actorUuid };
  const data = {
    decisionUuid: decision.uuid,
    decision: type,
    ...decision.details,
    ...(decision.proposedByUuid !== actorUuid && { proposedByUuid: decision.proposedByUuid }),
  };
  switch (type) {
    case 'DECLINE':
      // data.reasons (Regulation B codes) is what the adverse action notice job prints.
      await moveApplication(tx, clock, application, 'STAFF_DECLINE', {
        actor,
        reason: decision.note,
        data,
        flags: { uwDecision: 'DECLINE' },
      });
      return;
    case 'CANCEL':
      await moveApplication(tx, clock, application, 'CANCEL', { actor, reason: decision.note, data });
      return;
    case 'REOPEN':
      // Back to the step it was cancelled from, its data as it was (the transition's guard checks).
      await moveApplication(tx, clock, application, action, { actor, reason: decision.note, data });
      return;
    case 'VALUATION_OVERRIDE':
    case 'APPROVE_EXCEPTION':
      // The engine's underwriting job runs again: on the manual value, or without the excepted rules.
      await moveApplication(tx, clock, application, action, {
        actor,
        reason: decision.note,
        data,
        ...(type === 'APPROVE_EXCEPTION' && {
          flags: { uwDecision: null, creditScoreDecline: false, dtiDecline: false },
        }),
        next: { kind: JOB_KINDS.underwritingPrice, payload: {} },
      });
      return;
    case 'COUNTER_OFFER': {
      // The borrower's offers (GET …/offers) and status (uwCalculatedDrawAmount) read these rows.
      const maxLineCents = Number(decision.details.maxLineCents);
      const previous = Math.max(0, ...(await offersOf(tx, application.uuid)).map((o) => o.maxLineCents));
      await tx
        .update(schema.applicationOffers)
        .set({ maxLineCents })
        .where(eq(schema.applicationOffers.applicationUuid, application.uuid));
      await tx
        .update(schema.helocApplications)
        .set({ uwCalculatedDrawAmountCents: maxLineCents })
        .where(eq(schema.helocApplications.uuid, application.uuid));
      await moveApplication(tx, clock, application, 'STAFF_COUNTER_OFFER', {
        actor,
        reason: decision.note,
        data: { ...data, previousMaxLineCents: previous },
      });
      return;
    }
  }
}

function refuseClosed(application: ApplicationRow): void {
  if (isFinalApplicationStep(ZApplicationStep.parse(application.step)))
    throw new AppError('CONFLICT', 'This application is closed', { step: application.step });
}

export async function takeDecision(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  body: TStaffDecisionRequest,
): Promise<TStaffDecision> {
  await authorizeApplication(db, request, applicationUuid);
  const staff = staffOf(request);
  const atOnce = appliesAtOnce(staff, body.type);
  const uuid = await withApplicationLock(db, applicationUuid, async (tx, application) => {
    await checkDecision(tx, request, application, body.type, detailsOf(body));
    const now = clock.now();
    const [decision] = await tx
      .insert(d)
      .values({
        applicationUuid,
        type: body.type,
        status: atOnce ? 'APPLIED' : 'PROPOSED',
        details: detailsOf(body),
        note: body.note,
        proposedByUuid: staff.identityUuid,
        proposedAt: now,
        ...(atOnce && { decidedByUuid: staff.identityUuid, decidedAt: now }),
      })
      .returning();
    if (atOnce) await applyDecision(tx, clock, request, application, decision!, staff.identityUuid);
    else
      await recordAction(
        tx,
        clock,
        application,
        { type: 'STAFF', uuid: staff.identityUuid },
        'DECISION_PROPOSED',
        { decisionUuid: decision!.uuid, decision: body.type, ...detailsOf(body), reason: body.note },
      );
    return decision!.uuid;
  });
  return (await selectDecisions(db, applicationUuid, uuid))[0]!;
}

/** Approve (apply) or reject another member's proposal. */
export async function reviewDecision(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  decisionUuid: string,
  review: { kind: 'approve'; note?: string | undefined } | { kind: 'reject'; reason: string },
): Promise<TStaffDecision> {
  await authorizeApplication(db, request, applicationUuid);
  const staff = staffOf(request);
  if (!staffCan(staff, 'DECISIONS_APPROVE'))
    throw new AppError('FORBIDDEN', 'Your roles do not allow this (DECISIONS_APPROVE)');
  await withApplicationLock(db, applicationUuid, async (tx, application) => {
    const [decision] = await tx
      .select()
      .from(d)
      .where(and(eq(d.applicationUuid, applicationUuid), eq(d.uuid, decisionUuid)));
    if (!decision) throw new AppError('NOT_FOUND', DECISION_NOT_FOUND);
    if (decision.status !== 'PROPOSED')
      throw new AppError('CONFLICT', 'This decision is not waiting for approval', {
        status: decision.status,
      });
    if (decision.proposedByUuid === staff.identityUuid)
      throw new AppError('FORBIDDEN', 'A different member must approve or reject your own proposal');
    const now = clock.now();
    if (review.kind === 'approve') {
      await applyDecision(tx, clock, request, application, decision, staff.identityUuid);
    } else {
      await recordAction(
        tx,
        clock,
        application,
        { type: 'STAFF', uuid: staff.identityUuid },
        'DECISION_REJECTED',
        { decisionUuid, decision: decision.type, reason: review.reason },
      );
    }
    await tx
      .update(d)
      .set({
        status: review.kind === 'approve' ? 'APPLIED' : 'REJECTED',
        decidedByUuid: staff.identityUuid,
        decidedAt: now,
        decisionNote: review.kind === 'approve' ? (review.note ?? null) : review.reason,
      })
      .where(eq(d.uuid, decisionUuid));
  });
  return (await selectDecisions(db, applicationUuid, decisionUuid))[0]!;
}

export async function listDecisions(
  db: Executor,
  request: FastifyRequest,
  applicationUuid: string,
): Promise<TStaffDecision[]> {
  await authorizeApplication(db, request, applicationUuid);
  return selectDecisions(db, applicationUuid);
}

const proposer = alias(schema.identities, 'proposer');
const decider = alias(schema.identities, 'decider');

/** The application's decisions, newest first (or the one named), with the members' e-mails. */
async function selectDecisions(
  db: Executor,
  applicationUuid: string,
  decisionUuid?: string,
): Promise<TStaffDecision[]> {
  const rows = await db
    .select({ decision: d, proposedBy: proposer.email, decidedBy: decider.email })
    .from(d)
    .innerJoin(proposer, eq(proposer.uuid, d.proposedByUuid))
    .leftJoin(decider, eq(decider.uuid, d.decidedByUuid))
    .where(and(eq(d.applicationUuid, applicationUuid), decisionUuid ? eq(d.uuid, decisionUuid) : undefined))
    .orderBy(desc(d.proposedAt), desc(d.uuid));
  return rows.map(({ decision, proposedBy, decidedBy }) => ({
    uuid: decision.uuid,
    type: ZStaffDecisionType.parse(decision.type),
    status: decision.status as TStaffDecision['status'],
    details: decision.details,
    note: decision.note,
    proposedBy,
    proposedAt: decision.proposedAt.toISOString(),
    decidedBy: decidedBy ?? null,
    decidedAt: decision.decidedAt?.toISOString() ?? null,
    decisionNote: decision.decisionNote,
  }));
}
