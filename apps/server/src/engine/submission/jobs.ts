/**
 * The submission segment's durable jobs: the summary package (GEN_APP_SUMMARY), the hard credit pull
 * (HARD_CREDIT_PULL), the hand-over to income verification (APP_SUBMISSION) and the adverse action
 * notice of every decline. Like the engine's other jobs, each does its slow work (bureau, PDF
 * rendering, storage) outside the application lock and applies the outcome under it only if the
 * application still waits where the job started, so a re-run or stale job changes nothing; a job that
 * exhausts its attempts moves the application to its error/timeout status (onDead).
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  assessChosenLine,
  creditDeclineReasons,
  DECLINE_REASONS,
  dtiWithAssetsBps,
  qualifyingAnnualIncomeCents,
  mergePricing,
  REG_B_REASON_TEXT,
  type TRegBReason,
  type DeclineReason,
  type TOrgData,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { JobWorker } from '../../jobs/worker';
import { formatPhone } from '@heloc/domain';
import { withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import { recordEvent } from '../../workflow/audit';
import type { EngineDeps } from '../jobs';
import {
  confirmedLiensCents,
  isCreditFacts,
  latestTransitionData,
  loadApplicationFile,
  moveApplication,
} from '../store';
import type { FileStorage } from '../../storage';
import { listOnApplication, loanTermsFor, renderAndStore } from './documents';
import type { FieldSealer } from '../../lib/sealed';
import { freezePinContext, ssnContext } from './secrets';
import { SUBMISSION_JOB_KINDS } from './job-kinds';
import type { SubmissionAction } from './steps';
import type { EngineAction } from '../steps';

export type SubmissionDeps = EngineDeps & { storage: FileStorage; sealer: FieldSealer };

const PROVIDER = { type: 'PROVIDER' } as const;
const SYSTEM = { type: 'SYSTEM' } as const;

/** Bureau findings that decline on their own, worded as Regulation B reasons. */
export const CREDIT_INDICATOR_REASON_TEXT: Record<string, string> = {
  BANKRUPTCY: 'Bankruptcy',
  FORECLOSURE: 'Foreclosure or repossession',
  OFAC_MATCH: 'Unable to verify identity',
  MORTGAGE_DELINQUENCY: 'Delinquent past or present credit obligations with others',
};

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

function applicationUuidOf(payload: Record<string, unknown>): string {
  const value = payload.applicationUuid;
  if (typeof value !== 'string' || value === '') throw new Error('payload without applicationUuid');
  return value;
}

function orgOf(deps: SubmissionDeps, application: ApplicationRow): TOrgData {
  const org = deps.orgs.byOrgCode(application.orgCode);
  if (!org) throw new Error(`unknown organisation ${application.orgCode}`);
  return org;
}

async function selectedOfferOf(db: Executor, applicationUuid: string) {
  const [offer] = await db
    .select()
    .from(schema.applicationOffers)
    .where(
      and(
        eq(schema.applicationOffers.applicationUuid, applicationUuid),
        eq(schema.applicationOffers.selected, true),
      ),
    );
  return offer ?? null;
}

/** The latest underwriting facts (value, CLTV…) recorded with the offers or the asset depletion. */
async function underwritingFacts(db: Executor, applicationUuid: string) {
  const offers = await latestTransitionData(db, applicationUuid, 'OFFERS_READY');
  const assets = await latestTransitionData(db, applicationUuid, 'SUBMIT_ASSETS');
  const facts = assets ?? offers;
  if (!facts || typeof facts.valueCents !== 'number') throw new Error('no underwriting facts');
  return {
    valueCents: facts.valueCents,
    eligibleAssetsCents: typeof assets?.eligibleAssetsCents === 'number' ? assets.eligibleAssetsCents : 0,
  };
}

export function registerSubmissionJobs(worker: JobWorker, deps: SubmissionDeps): void {
  const { clock, providers, storage } = deps;

  const settle = async (
    applicationUuid: string,
    waitingStep: string,
    apply: (tx: Executor, application: ApplicationRow) => Promise<void>,
  ) =>
    withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
      if (application.step !== waitingStep) return;
      await apply(tx, application);
    });

  const onDeadTo =
    (waitingStep: string, action: SubmissionAction) =>
    async (payload: Record<string, unknown>, _job: unknown, error: string): Promise<void> => {
      await settle(applicationUuidOf(payload), waitingStep, async (tx, application) => {
        await moveApplication(tx, clock, application, action, {
          actor: SYSTEM,
          reason: 'job did not finish',
          data: { error },
        });
      });
    };

  // ---- The summary package: application summary, early HELOC disclosure, consumer booklet ----
  worker.register(SUBMISSION_JOB_KINDS.appSummary, {
    async run(payload) {
      const applicationUuid = applicationUuidOf(payload);
      const file = await loadApplicationFile(deps.db, applicationUuid);
      const { application } = file;
      const org = orgOf(deps, application);
      const offer = await selectedOfferOf(deps.db, applicationUuid);
      if (!offer) throw new Error('summary without a selected offer');
      const documentDate = isoDay(clock.now());
      const terms = loanTermsFor(
        org,
        {
          amountCents: application.amountCents,
          rateBps: application.rateBps,
          termYears: application.termYears,
          originationFeeBps: offer.originationFeeBps,
        },
        documentDate,
      );
      const [phone] = await deps.db
        .select({ number: schema.profilePhoneNumbers.number })
        .from(schema.profilePhoneNumbers)
        .where(eq(schema.profilePhoneNumbers.identityUuid, application.identityUuid))
        .orderBy(desc(schema.profilePhoneNumbers.primary), desc(schema.profilePhoneNumbers.createdAt))
        .limit(1);
      const { valueCents } = await underwritingFacts(deps.db, applicationUuid);
      const common = { org, documentDate, applicationId: application.loanNumber };
      const documents = [
        ...(await renderAndStore(storage, applicationUuid, 'APPLICATION_SUMMARY', {
          ...common,
          applicant: {
            fullName: file.fullName,
            dateOfBirth: file.profile.dob ?? '',
            email: file.email,
            phone: phone ? formatPhone(phone.number) : '',
            mailingAddress: file.address,
          },
          additionalSigners: [],
          propertyAddress: file.address,
          estimatedValueCents: application.adjustedHomeAmountCents ?? valueCents,
          existingLiensCents: await confirmedLiensCents(deps.db, applicationUuid),
          incomeSources: application.employmentType
            ? [
                {
                  employmentType: application.employmentType as never,
                  employerName: null,
                  annualIncomeCents: application.statedAnnualIncomeCents ?? 0,
                },
              ]
            : [],
          terms,
          disbursementAccountNumber: null,
        })),
        ...(await renderAndStore(storage, applicationUuid, 'EARLY_HELOC_DISCLOSURE', {
          ...common,
          applicantName: file.fullName,
          propertyAddress: file.address,
          terms,
        })),
        ...(await renderAndStore(storage, applicationUuid, 'CONSUMER_HELOC_BOOKLET', common)),
      ];
      await settle(applicationUuid, 'GEN_APP_SUMMARY', async (tx, locked) => {
        await listOnApplication(tx, applicationUuid, documents, clock.now());
        await moveApplication(tx, clock, locked, 'SUMMARY_READY', {
          actor: SYSTEM,
          data: {
            documents: documents.map((each) => ({ uuid: each.uuid, type: each.type, sha256: each.sha256 })),
          },
          flags: { disclosurelistSummaryReady: true },
        });
      });
    },
    onDead: onDeadTo('GEN_APP_SUMMARY', 'SUMMARY_FAILED'),
  });

  // ---- The hard credit pull ----
  worker.register(SUBMISSION_JOB_KINDS.hardPull, {
    timeoutMs: 45_000,
    async run(payload, _job, { signal }) {
      const applicationUuid = applicationUuidOf(payload);
      const file = await loadApplicationFile(deps.db, applicationUuid);
      const { application, profile } = file;
      const [consent] = await deps.db
        .select({ createdAt: schema.applicationConsents.createdAt })
        .from(schema.applicationConsents)
        .where(
          and(
            eq(schema.applicationConsents.applicationUuid, applicationUuid),
            eq(schema.applicationConsents.type, 'HARD_CREDIT'),
          ),
        );
      if (!consent) throw new Error('hard pull without a HARD_CREDIT consent');
      // Sealed values open only here, in memory, for the bureau call; they are never put in a payload.
      const ssn = profile.ssnEncrypted
        ? deps.sealer.open(profile.ssnEncrypted, ssnContext(profile.identityUuid))
        : null;
      const freezePin = application.creditFreezePinEncrypted
        ? deps.sealer.open(application.creditFreezePinEncrypted, freezePinContext(application.uuid))
        : null;
      const result = await providers.creditBureau.pull(
        {
          kind: 'HARD',
          applicant: {
            firstName: profile.firstName,
            lastName: profile.lastName,
            ...(profile.dob && { dob: profile.dob }),
          },
          address: file.address,
          ssn,
          freezePin,
          consentedAt: consent.createdAt,
        },
        { signal },
      );
      const org = orgOf(deps, application);
      const pricing = mergePricing(org.orgPricingData);
      const { valueCents, eligibleAssetsCents } = await underwritingFacts(deps.db, applicationUuid);

      await settle(applicationUuid, 'HARD_CREDIT_PULL', async (tx, locked) => {
        if (result.outcome !== 'REPORT') {
          await moveApplication(tx, clock, locked, 'HARD_PULL_UNANSWERED', {
            actor: PROVIDER,
            reason: `HARD_PULL_${result.outcome}`,
            data: { pullId: result.pullId },
          });
          return;
        }
        const state = file.address.state.toUpperCase();
        // Debt secured by the home on the full file may exceed the liens the borrower confirmed.
        const securedCents = result.tradelines
          .filter((line) => line.type === 'MORTGAGE' || line.type === 'HELOC')
          .reduce((sum, line) => sum + line.balanceCents, 0);
        const existingLiensCents = Math.max(await confirmedLiensCents(tx, applicationUuid), securedCents);
        const dtiBps = dtiWithAssetsBps({
          monthlyDebtCents: result.monthlyDebtCents,
          statedAnnualIncomeCents: qualifyingAnnualIncomeCents(
            locked.statedAnnualIncomeCents,
            result.estimatedAnnualIncomeCents,
          ),
          eligibleAssetsCents: locked.assetDepletionComplete ? eligibleAssetsCents : 0,
        });
        // The chosen line against the secured debt now known (the same check a valuation report at
        // closing gets), after the borrower's own rules on the full file.
        const line = assessChosenLine({
          valueCents,
          condition: locked.statusFlags.condition ?? null,
          existingLiensCents,
          state,
          licensedStates: org.orgMetaData.products.heloc.licensedStates,
          amountCents: locked.amountCents,
          pricing,
        });
        const ruleReasons = [
          ...creditDeclineReasons({ creditScore: result.score, dtiBps, pricing }),
          ...line.reasons,
        ];
        const indicators = [
          ...result.declineIndicators,
          ...(result.mortgageDelinquency ? ['MORTGAGE_DELINQUENCY'] : []),
        ];
        const facts = {
          pullId: result.pullId,
          kind: 'HARD',
          score: result.score,
          scoreFactors: result.scoreFactors,
          pulledAt: result.pulledAt.toISOString(),
          monthlyDebtCents: result.monthlyDebtCents,
          declineIndicators: indicators,
          existingLiensCents,
          maxLineCents: line.maxLineCents,
          dtiBps: Number.isFinite(dtiBps) ? dtiBps : null,
        };
        if (ruleReasons.length > 0 || indicators.length > 0) {
          const reasons: string[] = [...ruleReasons, ...indicators];
          await moveApplication(tx, clock, locked, 'HARD_PULL_DECLINED', {
            actor: PROVIDER,
            reason: reasons.join(','),
            data: { ...facts, reasons },
            flags: {
              uwDecision: 'DECLINE',
              creditScoreDecline: ruleReasons.includes('CREDIT_SCORE_BELOW_FLOOR'),
              dtiDecline: ruleReasons.includes('DTI_ABOVE_CAP'),
            },
          });
          return;
        }
        if (line.decision === 'REDUCE') {
          await moveApplication(tx, clock, locked, 'HARD_PULL_CLTV_LIMITED', {
            actor: PROVIDER,
            reason: 'CLTV_REQUALIFY',
            // The phase tells the requalify route where accepting leads (back to submission here).
            data: { ...facts, previousAmountCents: locked.amountCents, phase: 'SUBMISSION' },
          });
          return;
        }
        await moveApplication(tx, clock, locked, 'HARD_PULL_PASSED', {
          actor: PROVIDER,
          data: facts,
          flags: { disclosurelistSummaryComplete: true },
          next: { kind: SUBMISSION_JOB_KINDS.submitApplication, payload: {} },
        });
      });
    },
    onDead: onDeadTo('HARD_CREDIT_PULL', 'HARD_PULL_TIMEOUT'),
  });

  // ---- Submission: the hand-over to income verification (engine/closing) ----
  worker.register(SUBMISSION_JOB_KINDS.submitApplication, {
    async run(payload) {
      const applicationUuid = applicationUuidOf(payload);
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
    async run(payload) {
      const applicationUuid = applicationUuidOf(payload);
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
