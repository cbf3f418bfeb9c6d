/**
 * Work items (issue 15 item 6): manual steps the engine waits on, which a member holding
 * WORK_ITEMS_COMPLETE completes in the console with a reason. Derived from the application's step
 * and facts (nothing stored beside the audit trail); completing one moves the application through
 * the engine's own transitions or releases what holds its job, under the application's lock.
 *
 * - MANUAL_NOTARY_SIGNED (NOTARY_WAITING_PERIOD, from the booked appointment's start): the mobile
 *   notary's report that the deed was signed, taken by staff (a phone call, the notary's e-mail)
 *   instead of waiting for the provider's report at the appointment's end: MANUAL_DEED_SIGNED with
 *   the same flags as the provider's; the provider's job then finds the step moved on and does nothing.
 * - FUNDING_HOLD_RELEASE (FUNDING_DECISION, while the disbursement account is not verified): staff
 *   confirmed the account themselves (a bank statement, a call to the bank). The account becomes
 *   VERIFIED, its open bank review conditions are waived with the reason, and the funding decision
 *   job runs again now instead of at its next hourly look (other open conditions still hold it).
 *
 * - VALUATION_REPORT (BPO_PROCESSING): the valuation report reached staff outside the integration
 *   (the vendor e-mailed it); its value and condition settle the order exactly as the provider's
 *   poll would (settleBpoReport: back to underwriting at prequalification, the chosen line
 *   underwritten again at closing); the poll then finds the step moved on.
 *
 * - PAYOFF_STATEMENT (PAYOFF_PENDING): a junior lien is paid off from the line at closing
 *   (`liensPaidOffAtClosing`); the lienholder's payoff statement (amount, good-through day) is
 *   entered by staff, the closing documents are generated next, and funding sends the payoff to the
 *   lienholder out of the draw (refused when the payoff takes more than the line pays out).
 */
import type { FastifyRequest } from 'fastify';
import {
  formatCurrency,
  liensPaidOffAtClosing,
  netDisbursementCents,
  WORK_ITEM_LABELS,
  type TWorkItem,
  type TWorkItemCompleteRequest,
  type TWorkItemKind,
} from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { settleBpoReport } from '../../engine/closing/jobs/valuation';
import {
  CLOSING_JOBS,
  latestEvent,
  loadClosingSubject,
  mergeFlags,
  moveClosing,
  queueAfterLatestEvent,
  recordAction,
} from '../../engine/closing/store';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import { listLiens } from '../../engine/repository';
import { staffOf } from '../staff/policy';
import { updateCondition } from './repository';
import { APPLICATION_NOT_FOUND, authorizeApplication } from './service';
import {
  markAccountVerified,
  selectDisbursementAccount,
  selectApplicationRow,
  selectOpenBankReviews,
} from './work-items-repository';

async function appointmentOf(db: Executor, applicationUuid: string) {
  const reserved = await latestEvent(db, applicationUuid, 'RESERVE_NOTARY');
  const startsAt = typeof reserved?.data.startsAt === 'string' ? new Date(reserved.data.startsAt) : null;
  const endsAt = typeof reserved?.data.endsAt === 'string' ? new Date(reserved.data.endsAt) : null;
  if (!reserved || !startsAt || !endsAt) return null;
  return { appointmentId: String(reserved.data.appointmentId ?? ''), startsAt, endsAt };
}

async function workItemsOf(db: Executor, application: ApplicationRow, now: Date): Promise<TWorkItem[]> {
  const items: TWorkItem[] = [];
  if (application.step === 'BPO_PROCESSING') {
    const ordered = await latestEvent(db, application.uuid, 'BPO_ORDERED');
    if (ordered)
      items.push({
        kind: 'VALUATION_REPORT',
        title: WORK_ITEM_LABELS.VALUATION_REPORT,
        description: `Valuation ordered ${ordered.at.toISOString()} (${ordered.data.phase === 'PREQUAL' ? 'before the offers' : 'at closing'}): enter the report's value and condition`,
        availableFrom: null,
        ready: true,
      });
  }
  if (application.step === 'PAYOFF_PENDING') {
    const liens = liensPaidOffAtClosing(await listLiens(db, application.uuid));
    items.push({
      kind: 'PAYOFF_STATEMENT',
      title: WORK_ITEM_LABELS.PAYOFF_STATEMENT,
      description: `Paid off at closing: ${liens
        .map(
          (lien) =>
            `${lien.lenderName} (position ${lien.position}, balance ${formatCurrency(lien.balanceCents)})`,
        )
        .join('; ')}: enter the payoff amount and the day the statement is good through`,
      availableFrom: null,
      ready: true,
    });
  }
  if (application.step === 'NOTARY_WAITING_PERIOD') {
    const appointment = await appointmentOf(db, application.uuid);
    if (appointment)
      items.push({
        kind: 'MANUAL_NOTARY_SIGNED',
        title: WORK_ITEM_LABELS.MANUAL_NOTARY_SIGNED,
        description: `Mobile notary appointment ${appointment.startsAt.toISOString()} to ${appointment.endsAt.toISOString()}`,
        availableFrom: appointment.startsAt.toISOString(),
        ready: now.getTime() >= appointment.startsAt.getTime(),
      });
  }
  if (application.step === 'FUNDING_DECISION') {
    const account = await selectDisbursementAccount(db, application.uuid);
    if (account && account.verificationStatus !== 'VERIFIED')
      items.push({
        kind: 'FUNDING_HOLD_RELEASE',
        title: WORK_ITEM_LABELS.FUNDING_HOLD_RELEASE,
        description: `The disbursement account ••••${account.mask} is ${(account.verificationStatus ?? 'unchecked').toLowerCase().replace(/_/g, ' ')}: funding waits for it`,
        availableFrom: null,
        ready: true,
      });
  }
  return items;
}

export async function listWorkItems(
  db: Database,
  request: FastifyRequest,
  applicationUuid: string,
  now: Date,
): Promise<TWorkItem[]> {
  await authorizeApplication(db, request, applicationUuid);
  const application = await selectApplicationRow(db, applicationUuid);
  if (!application) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  return workItemsOf(db, application, now);
}

export async function completeWorkItem(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  applicationUuid: string,
  kind: TWorkItemKind,
  body: TWorkItemCompleteRequest,
): Promise<TWorkItem[]> {
  const { reason } = body;
  if (kind === 'VALUATION_REPORT' && (body.valueCents === undefined || body.condition === undefined))
    throw new AppError('BAD_REQUEST', 'Enter the report’s value and the property’s condition', [
      { path: 'body.valueCents', message: 'Required for a valuation report' },
    ]);
  if (kind === 'PAYOFF_STATEMENT' && (body.payoffCents === undefined || body.goodThrough === undefined))
    throw new AppError('BAD_REQUEST', 'Enter the payoff amount and the day the statement is good through', [
      { path: 'body.payoffCents', message: 'Required for a payoff statement' },
    ]);
  await authorizeApplication(db, request, applicationUuid);
  const staff = staffOf(request);
  const actor = { type: 'STAFF' as const, uuid: staff.identityUuid };
  return withApplicationLock(db, applicationUuid, async (tx, application) => {
    const now = clock.now();
    const item = (await workItemsOf(tx, application, now)).find((each) => each.kind === kind);
    if (!item)
      throw new AppError('CONFLICT', 'The application is not waiting for this work item', {
        step: application.step,
      });
    if (!item.ready)
      throw new AppError('CONFLICT', 'The notary appointment has not started yet', {
        availableFrom: item.availableFrom,
      });
    if (kind === 'VALUATION_REPORT') {
      const ordered = (await latestEvent(tx, applicationUuid, 'BPO_ORDERED'))!;
      const order = (ordered.data.order ?? {}) as { orderId?: unknown };
      const subject = await loadClosingSubject({ db: tx, orgs: request.server.orgs }, applicationUuid);
      await settleBpoReport(
        tx,
        clock,
        application,
        subject,
        ordered.data.phase,
        {
          orderId: typeof order.orderId === 'string' ? order.orderId : 'MANUAL',
          valueCents: body.valueCents!,
          condition: body.condition!,
          completedAt: now,
        },
        { actor, reason, extra: { enteredBy: 'STAFF' } },
      );
      return [];
    }
    if (kind === 'PAYOFF_STATEMENT') {
      const liens = liensPaidOffAtClosing(await listLiens(tx, applicationUuid));
      const fee = Math.round((application.amountCents * application.originationFeeBps) / 10_000);
      if (netDisbursementCents(application.amountCents, fee, body.payoffCents!) === null)
        throw new AppError(
          'CONFLICT',
          `The payoff (${formatCurrency(body.payoffCents!)}) is more than the line pays out after its fee: the line must be reduced or the payoff paid otherwise`,
        );
      const moved = await moveClosing(tx, clock, application, 'PAYOFF_STATEMENT_RECEIVED', {
        actor,
        reason,
        data: {
          payoffCents: body.payoffCents,
          goodThrough: body.goodThrough,
          liens: liens.map((lien) => ({
            uuid: lien.uuid,
            position: lien.position,
            lenderName: lien.lenderName,
          })),
        },
        next: { kind: CLOSING_JOBS.closingPrepare },
      });
      return workItemsOf(tx, moved, now);
    }
    if (kind === 'MANUAL_NOTARY_SIGNED') {
      const appointment = await appointmentOf(tx, applicationUuid);
      const moved = await moveClosing(tx, clock, application, 'MANUAL_DEED_SIGNED', {
        actor,
        reason,
        data: {
          appointmentId: appointment?.appointmentId,
          signedAt: now.toISOString(),
          confirmedBy: 'STAFF',
        },
        flags: { manualDeedSigningComplete: true, disclosurelistNotaryComplete: true },
      });
      return workItemsOf(tx, moved, now);
    }
    const account = (await selectDisbursementAccount(tx, applicationUuid))!;
    await markAccountVerified(tx, account.uuid);
    await mergeFlags(tx, application, { giactAccountStatus: 'VERIFIED' });
    for (const condition of await selectOpenBankReviews(tx, applicationUuid)) {
      await updateCondition(tx, condition.uuid, { kind: 'WAIVED', at: now, by: staff.identityUuid, reason });
      await recordAction(tx, clock, application, actor, 'CONDITION_WAIVED', {
        conditionUuid: condition.uuid,
        category: condition.category,
        reason,
      });
    }
    await recordAction(tx, clock, application, actor, 'FUNDING_HOLD_RELEASED', {
      purpose: 'DISBURSEMENT',
      reason,
    });
    // The funding decision looks again now (its hourly look stays queued and finds nothing to do).
    await queueAfterLatestEvent(tx, clock, applicationUuid, {
      kind: CLOSING_JOBS.fundingDecide,
      runAfter: now,
    });
    return workItemsOf(tx, application, now);
  });
}
