/** Notary as services: the eNotary session (start, identity, review, sign). */
import {
  NOTARY_KBA_LOCKOUT_MS,
  NOTARY_KBA_MAX_ATTEMPTS,
  notaryKbaLock,
  notaryKbaLockedMessage,
  recentNotaryKbaFailures,
  type TActionResult,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import type { ApplicationRow } from '../../../workflow/step-machine';
import {
  actionResult as result,
  alreadyDone,
  borrowerActor as borrower,
  requireStep,
} from '../../route-helpers';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { stepsAllowing } from '../../steps';
import { currentClosingDocuments } from '../documents';
import { kbaQuestions } from '../notary-kba';
import { actionTimesSince } from '../repository';
import { CLOSING_JOBS, latestEvent, loadClosingSubject, moveClosing, recordAction } from '../store';

/** The session started in the current DEED_SIGNING visit, with its progress (from the audit trail). */
async function currentSession(tx: Executor, application: ApplicationRow) {
  const started = await latestEvent(tx, application.uuid, 'NOTARY_SESSION_STARTED');
  const entered = await latestEvent(tx, application.uuid, 'CHOOSE_ENOTARY');
  const expired = await latestEvent(tx, application.uuid, 'NOTARY_SESSION_EXPIRED');
  const floor = Math.max(entered?.id ?? 0, expired?.id ?? 0);
  if (!started || started.id < floor) return null;
  const confirmed = await latestEvent(tx, application.uuid, 'NOTARY_IDENTITY_CONFIRMED');
  const reviewed = await latestEvent(tx, application.uuid, 'NOTARY_DOCUMENT_REVIEWED');
  const session = started.data.session as {
    sessionId: string;
    joinUrl: string;
    startedAt: string;
    expiresAt: string;
  };
  return {
    session,
    identityConfirmed: (confirmed?.id ?? 0) > started.id,
    deedReviewed: (reviewed?.id ?? 0) > started.id,
  };
}

async function sessionView(tx: Executor, { orgs }: Pick<EngineDeps, 'orgs'>, application: ApplicationRow) {
  const current = await currentSession(tx, application);
  if (!current) return null;
  const subject = await loadClosingSubject({ db: tx, orgs }, application.uuid);
  return {
    ...result(application),
    sessionId: current.session.sessionId,
    joinUrl: current.session.joinUrl,
    expiresAt: current.session.expiresAt,
    questions: kbaQuestions({
      dob: subject.profile.dob,
      street1: subject.address.street1,
      city: subject.address.city,
      applicationUuid: application.uuid,
    }).questions,
    identityConfirmed: current.identityConfirmed,
    deedReviewed: current.deedReviewed,
  };
}

async function requireSession(tx: Executor, application: ApplicationRow) {
  requireStep(application, stepsAllowing('NOTARY_SIGN'), 'The notary session');
  const current = await currentSession(tx, application);
  if (!current) throw new AppError('CONFLICT', 'Start the notary session first', { step: application.step });
  return current;
}

/** Starts the electronic notary session, or resumes the one still open: join link and identity questions. */
export async function startNotarySession(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs' | 'providers'>,
  { application, identityUuid }: Own,
) {
  const { clock, providers } = deps;
  requireStep(application, stepsAllowing('NOTARY_SIGN'), 'Starting the notary session');
  const existing = await currentSession(tx, application);
  if (existing && Date.parse(existing.session.expiresAt) > clock.now().getTime()) {
    return (await sessionView(tx, deps, application))!;
  }
  const started = await providers.notary.startElectronicSession({
    applicationUuid: application.uuid,
    signerIds: [identityUuid],
  });
  if (started.outcome !== 'SESSION_READY') {
    throw new AppError('CONFLICT', 'Our notaries are not available right now.', {
      step: application.step,
      reason: started.reason,
      nextAvailableAt: started.nextAvailableAt?.toISOString() ?? null,
    });
  }
  await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_SESSION_STARTED', {
    session: started.session,
  });
  return (await sessionView(tx, deps, application))!;
}

/**
 * Checks the answers to the session's identity questions: the view once confirmed, or the wrong
 * answers (recorded) or a running lock, which settleNotaryIdentity refuses after the transaction commits.
 */
export async function answerNotaryIdentity(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'notary/session/identity'> },
) {
  const { clock, orgs } = deps;
  const current = await requireSession(tx, application);
  if (current.identityConfirmed) return { view: (await sessionView(tx, deps, application))! };
  const now = clock.now();
  // Failures of the last two lock periods are enough to tell whether a lock runs now.
  const failures = await actionTimesSince(
    tx,
    application.uuid,
    'NOTARY_IDENTITY_FAILED',
    new Date(now.getTime() - 2 * NOTARY_KBA_LOCKOUT_MS),
  );
  const running = notaryKbaLock(failures, now);
  if (running) return { lockedUntil: running };
  const subject = await loadClosingSubject({ db: tx, orgs }, application.uuid);
  const { answers } = kbaQuestions({
    dob: subject.profile.dob,
    street1: subject.address.street1,
    city: subject.address.city,
    applicationUuid: application.uuid,
  });
  const wrong = Object.entries(answers).filter(([id, answer]) => body.answers[id] !== answer);
  if (wrong.length > 0) {
    await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_IDENTITY_FAILED', {
      wrong: wrong.length,
      sessionId: current.session.sessionId,
    });
    const all = [...failures, now];
    const lockedUntil = notaryKbaLock(all, now);
    return {
      wrong: wrong.map(([id]) => id),
      attemptsLeft: lockedUntil ? 0 : NOTARY_KBA_MAX_ATTEMPTS - recentNotaryKbaFailures(all),
      lockedUntil,
    };
  }
  await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_IDENTITY_CONFIRMED', {
    sessionId: current.session.sessionId,
  });
  return { view: (await sessionView(tx, deps, application))! };
}

/**
 * The identity answers' outcome, run after the transaction committed (so a failure counts): the
 * session view, or 400 with the attempts left, or 429 while the questions are locked.
 */
export function settleNotaryIdentity(
  _deps: Pick<EngineDeps, never>,
  { outcome }: { outcome: Awaited<ReturnType<typeof answerNotaryIdentity>> },
) {
  if ('view' in outcome) return outcome.view;
  if ('wrong' in outcome && outcome.lockedUntil === null) {
    throw new AppError(
      'BAD_REQUEST',
      `Some answers did not match our records. Please try again (${outcome.attemptsLeft} attempt${outcome.attemptsLeft === 1 ? '' : 's'} left before the questions are locked for 48 hours).`,
      {
        questions: outcome.wrong,
        attemptsLeft: outcome.attemptsLeft,
      },
    );
  }
  throw new AppError('RATE_LIMITED', notaryKbaLockedMessage(outcome.lockedUntil!), {
    reason: 'NOTARY_IDENTITY_LOCKED',
    lockedUntil: outcome.lockedUntil!.toISOString(),
    ...('wrong' in outcome ? { questions: outcome.wrong } : {}),
  });
}

/** Confirms the deed was reviewed with the notary (after the identity questions). */
export async function reviewNotaryDeed(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'notary/session/review'> },
) {
  const { clock } = deps;
  const current = await requireSession(tx, application);
  if (!current.identityConfirmed)
    throw new AppError('CONFLICT', 'Answer the identity questions first', { step: application.step });
  const [deed] = (await currentClosingDocuments(tx, application.uuid)).filter(
    (doc) => doc.type === 'DEED_OF_TRUST',
  );
  if (!deed || deed.uuid !== body.documentUuid.toLowerCase())
    throw new AppError('NOT_FOUND', 'Document not found');
  if (!current.deedReviewed) {
    await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_DOCUMENT_REVIEWED', {
      documentUuid: deed.uuid,
      sessionId: current.session.sessionId,
    });
  }
  return (await sessionView(tx, deps, application))!;
}

/** Signs the deed before the notary; the notary completes the session in a job. */
export async function signBeforeNotary(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: Own,
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'NOTARY_SIGN')) {
    if (application.step !== 'MANUAL_DEED_SIGNING' && application.step !== 'NOTARY_DISCLOSURE')
      return result(application);
  }
  const current = await requireSession(tx, application);
  if (!current.identityConfirmed || !current.deedReviewed) {
    throw new AppError('CONFLICT', 'Answer the identity questions and review the deed first', {
      step: application.step,
    });
  }
  return result(
    await moveClosing(tx, clock, application, 'NOTARY_SIGN', {
      actor: borrower(identityUuid),
      data: { sessionId: current.session.sessionId },
      next: { kind: CLOSING_JOBS.notaryComplete, payload: { session: current.session } },
    }),
  );
}
