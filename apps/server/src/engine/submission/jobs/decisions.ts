/** The hand-over to income verification (APP_SUBMISSION) and the adverse action notice of every decline. */
import { and, desc, eq } from 'drizzle-orm';
import { DECLINE_REASONS, REG_B_REASON_TEXT, type DeclineReason, type TRegBReason } from '@heloc/domain';
import { schema } from '../../../db';
import type { JobWorker } from '../../../jobs/worker';
import { parseJobPayload } from '../../job-payloads';
import { withApplicationLock } from '../../../workflow/step-machine';
import { recordEvent } from '../../../workflow/audit';
import { isCreditFacts, latestTransitionData, loadApplicationFile, moveApplication } from '../../store';
import { renderAndStore } from '../documents';
import { listOnApplication } from '../repository';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import type { EngineAction } from '../../steps';
import {
  SYSTEM,
  CREDIT_INDICATOR_REASON_TEXT,
  isoDay,
  orgOf,
  type SubmissionJobContext,
  type SubmissionDeps,
} from './shared';

export function registerDecisionJobs(worker: JobWorker, context: SubmissionJobContext): void {
  const { deps, clock, storage, settle, onDeadTo } = context;

  worker.register(SUBMISSION_JOB_KINDS.submitApplication, {
    async run(raw) {
      const { applicationUuid } = parseJobPayload(SUBMISSION_JOB_KINDS.submitApplication, raw);
      await settle(applicationUuid, 'APP_SUBMISSION', async (tx, locked) => {
        const submittedAt = clock.now();
        await tx
          .update(schema.helocApplications)
          .set({ submittedAt })
          .where(eq(schema.helocApplications.uuid, locked.uuid));
        await moveApplication(tx, clock, locked, 'APPLICATION_SUBMITTED', {
          actor: SYSTEM,
          data: { submittedAt: submittedAt.toISOString(), amountCents: locked.amountCents },
          flags: { disclosurelistSummaryComplete: true },
        });
      });
    },
    onDead: onDeadTo('APP_SUBMISSION', 'SUBMISSION_TIMEOUT'),
  });

  // ---- The adverse action notice of a decline ----
  worker.register(SUBMISSION_JOB_KINDS.adverseActionNotice, {
    async run(raw) {
      const { applicationUuid } = parseJobPayload(SUBMISSION_JOB_KINDS.adverseActionNotice, raw);
      const file = await loadApplicationFile(deps.db, applicationUuid);
      const { application } = file;
      if (application.step !== 'DECLINED') return;
      const existing = await deps.db
        .select({ uuid: schema.applicationDocuments.uuid })
        .from(schema.applicationDocuments)
        .where(
          and(
            eq(schema.applicationDocuments.applicationUuid, applicationUuid),
            eq(schema.applicationDocuments.type, 'ADVERSE_ACTION_NOTICE'),
          ),
        );
      if (existing.length > 0) return;
      const input = await adverseActionInput(deps, file);
      const documents = await renderAndStore(storage, applicationUuid, 'ADVERSE_ACTION_NOTICE', input);
      await withApplicationLock(deps.db, applicationUuid, async (tx, locked) => {
        if (locked.step !== 'DECLINED') return;
        await listOnApplication(tx, applicationUuid, documents, clock.now());
        await recordEvent(tx, clock, {
          applicationUuid,
          actor: SYSTEM,
          kind: 'ACTION',
          action: 'ADVERSE_ACTION_NOTICE',
          data: {
            documentUuid: documents[0]?.uuid,
            reasons: [...input.reasons, ...(input.additionalReasons ?? [])],
          },
        });
      });
    },
  });
}

/** Declines whose audit data carries the hard pull's report (score, factors, date). */
const AFTER_HARD_PULL_DECLINES: readonly string[] = [
  'HARD_PULL_DECLINED',
  'INCOME_DTI_DECLINED',
  'BPO_DECLINED',
] satisfies EngineAction[];

/** The notice's content: the decline's own reasons and the credit report it used. */
async function adverseActionInput(
  deps: SubmissionDeps,
  file: Awaited<ReturnType<typeof loadApplicationFile>>,
) {
  const { application } = file;
  const org = orgOf(deps, application);
  const [decline] = await deps.db
    .select({
      action: schema.applicationEvents.action,
      reason: schema.applicationEvents.reason,
      data: schema.applicationEvents.data,
      at: schema.applicationEvents.at,
    })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, application.uuid),
        eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
        eq(schema.applicationEvents.toStep, 'DECLINED'),
      ),
    )
    .orderBy(desc(schema.applicationEvents.id))
    .limit(1);
  if (!decline) throw new Error('declined without a decline event');
  const rawReasons = Array.isArray(decline.data.reasons)
    ? decline.data.reasons.filter((each): each is string => typeof each === 'string')
    : (decline.reason ?? '').split(',').filter(Boolean);

  // The report the decision used: the hard pull's when the decline came from it, else the soft pull's.
  // (A decline after submission — on verified income, on the valuation report at closing — carries the
  // hard pull's report in its own data.)
  // A staff decline (lender console) rests on the newest report: the hard pull's once there was one.
  const hard = AFTER_HARD_PULL_DECLINES.includes(decline.action)
    ? decline.data
    : decline.action === ('STAFF_DECLINE' satisfies EngineAction)
      ? ((await latestTransitionData(deps.db, application.uuid, 'HARD_PULL_PASSED')) ??
        (await latestTransitionData(deps.db, application.uuid, 'HARD_PULL_CLTV_LIMITED')))
      : null;
  const soft = await latestTransitionData(deps.db, application.uuid, 'CREDIT_MATCHED');
  const report: Record<string, unknown> | null = hard ?? (isCreditFacts(soft) ? soft : null);
  const indicators = Array.isArray(report?.declineIndicators) ? (report.declineIndicators as string[]) : [];

  const reasons = rawReasons.filter((each): each is DeclineReason =>
    (DECLINE_REASONS as readonly string[]).includes(each),
  );
  // A staff decline names Regulation B's reasons (REG_B_REASON_TEXT); its OTHER is the member's words.
  const otherReason = typeof decline.data.otherReason === 'string' ? decline.data.otherReason : null;
  const additionalReasons = [
    ...rawReasons.filter(
      (each) =>
        each !== 'CREDIT_DECLINE_INDICATOR' &&
        (Object.hasOwn(CREDIT_INDICATOR_REASON_TEXT, each) || Object.hasOwn(REG_B_REASON_TEXT, each)),
    ),
    ...(rawReasons.includes('CREDIT_DECLINE_INDICATOR') ? indicators : []),
  ].map((code) =>
    code === 'OTHER' && otherReason
      ? otherReason
      : (CREDIT_INDICATOR_REASON_TEXT[code] ?? REG_B_REASON_TEXT[code as TRegBReason] ?? code),
  );
  if (reasons.length === 0 && additionalReasons.length === 0) {
    throw new Error(`decline without a specific reason (${decline.action})`);
  }
  const agency = deps.providers.creditBureau.agency;
  const score = typeof report?.score === 'number' ? report.score : null;
  const pulledAt = typeof report?.pulledAt === 'string' ? report.pulledAt : decline.at.toISOString();
  return {
    org,
    noticeDate: isoDay(deps.clock.now()),
    applicationDate: isoDay(application.createdAt),
    applicationId: application.loanNumber,
    applicantName: file.fullName,
    applicantAddress: file.address,
    reasons,
    additionalReasons: [...new Set(additionalReasons)],
    creditScore: {
      score,
      rangeMin: agency.scoreRangeMin,
      rangeMax: agency.scoreRangeMax,
      scoreDate: pulledAt.slice(0, 10),
      keyFactors: Array.isArray(report?.scoreFactors) ? (report.scoreFactors as string[]) : [],
      modelName: agency.scoreModelName,
    },
    bureau: {
      name: agency.name,
      address: agency.address,
      phone: agency.phone,
      website: agency.website,
    },
  };
}
