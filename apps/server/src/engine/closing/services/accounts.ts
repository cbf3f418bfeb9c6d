/**
 * Bank accounts as services: the disbursement account (from a bank link, the income's bank link, or
 * entered by hand), repayment (autopay or manual), the accounts view. Account numbers are sealed at
 * rest and answered masked; the provider calls for a linked account's numbers run before the lock.
 */
import { z } from 'zod';
import { accountMask, canReceivePayments, formatMaskedAccount, type TActionResult } from '@heloc/domain';
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
import { latestTransitionData } from '../../store';
import { accountContext } from '../jobs';
import type { LinkTokens } from '../link-tokens';
import { deleteAccount, listAccounts, upsertAccount } from '../repository';
import { CLOSING_JOBS, closingOf, moveClosing, updateClosing } from '../store';

/** An account as the borrower chose it, its number in the clear (sealed when saved). */
export type AccountDetails = {
  source: 'LINKED' | 'MANUAL';
  accountType: string;
  routingNumber: string;
  accountNumber: string;
  bankName: string | null;
};

async function saveAccount(
  tx: Executor,
  { clock, sealer }: Pick<EngineDeps, 'clock' | 'sealer'>,
  application: ApplicationRow,
  purpose: 'DISBURSEMENT' | 'AUTOPAY',
  account: AccountDetails,
) {
  const digits = account.accountNumber.replace(/\D/g, '');
  const values = {
    source: account.source,
    accountType: account.accountType,
    routingNumber: account.routingNumber,
    accountNumberSealed: sealer.seal(digits, accountContext(application.uuid, purpose)),
    mask: accountMask(digits),
    bankName: account.bankName,
    verificationStatus: null,
    createdAt: clock.now(),
  };
  return upsertAccount(tx, application.uuid, purpose, values);
}

/**
 * The bank link the income was verified with (the last LINK_INCOME of the application), with the
 * accounts of it that can receive payments; null for a payroll link or none. The link id stays on
 * the server: the browser only ever names an account of it.
 */
async function incomeBankLink(db: Executor, uuid: string) {
  const data = await latestTransitionData(db, uuid, 'LINK_INCOME');
  const accounts = z
    .array(z.object({ accountId: z.string(), name: z.string(), mask: z.string(), type: z.string() }))
    .safeParse(data?.accounts);
  if (
    data?.kind !== 'BANK' ||
    typeof data.linkId !== 'string' ||
    typeof data.institutionName !== 'string' ||
    !accounts.success
  ) {
    return null;
  }
  const payable = accounts.data.filter(canReceivePayments);
  return payable.length === 0
    ? null
    : { linkId: data.linkId, institutionName: data.institutionName, accounts: payable };
}

/** Identifies the same account in the audit trail without its number: a keyed hash. */
export function fingerprintAccount(
  { sealer }: Pick<EngineDeps, 'sealer'>,
  {
    applicationUuid,
    routingNumber,
    accountNumber,
  }: { applicationUuid: string; routingNumber: string; accountNumber: string },
): string {
  return sealer
    .derive(`account:${applicationUuid}:${routingNumber}:${accountNumber.replace(/\D/g, '')}`)
    .toString('hex')
    .slice(0, 24);
}

/** Routing and account number of an account chosen from a bank link (never shown to the browser); run before the lock. */
export async function readLinkedAccount(
  { providers }: Pick<EngineDeps, 'providers'>,
  {
    applicationUuid,
    linkTokens,
    body,
  }: { applicationUuid: string; linkTokens: LinkTokens; body: ParsedBody<'bank/disburse'> },
): Promise<AccountDetails> {
  const { publicToken, accountId } = body;
  const claims = await linkTokens.readPublicToken(publicToken, applicationUuid);
  if (claims.kind !== 'BANK' || !claims.accounts.some((account) => account.accountId === accountId)) {
    throw new AppError('BAD_REQUEST', 'Choose one of the linked bank accounts');
  }
  const numbers = await providers.income.accountNumbers({ linkId: claims.linkId, accountId });
  if (numbers.outcome !== 'FOUND' || numbers.type === 'PAYROLL') {
    throw new AppError('BAD_REQUEST', 'This account cannot receive or send payments');
  }
  return {
    source: 'LINKED' as const,
    accountType: numbers.type,
    routingNumber: numbers.routingNumber,
    accountNumber: numbers.accountNumber,
    bankName: claims.institutionName,
  };
}

/** Routing and account number of an account of the bank linked for income (no second link); run before the lock. */
export async function readIncomeLinkAccount(
  db: Executor,
  { providers }: Pick<EngineDeps, 'providers'>,
  { applicationUuid, body }: { applicationUuid: string; body: ParsedBody<'bank/disburse-income-link'> },
): Promise<AccountDetails> {
  const link = await incomeBankLink(db, applicationUuid);
  const chosen = link?.accounts.find((account) => account.accountId === body.accountId);
  if (!link || !chosen) {
    throw new AppError('BAD_REQUEST', 'Choose one of the accounts you linked for your income');
  }
  const numbers = await providers.income.accountNumbers({
    linkId: link.linkId,
    accountId: chosen.accountId,
  });
  if (numbers.outcome !== 'FOUND' || !canReceivePayments(numbers)) {
    throw new AppError('BAD_REQUEST', 'This account cannot receive or send payments');
  }
  return {
    source: 'LINKED',
    accountType: numbers.type,
    routingNumber: numbers.routingNumber,
    accountNumber: numbers.accountNumber,
    bankName: link.institutionName,
  };
}

/** Saves the disbursement account (the same `fingerprint` again is a repeat) and starts its verification. */
export async function setDisbursementAccount(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'sealer'>,
  { application, identityUuid, fingerprint, details }: Own & { fingerprint: string; details: AccountDetails },
): Promise<TActionResult> {
  if (
    await alreadyDone(tx, application, 'SET_DISBURSEMENT_ACCOUNT', (data) => data.fingerprint === fingerprint)
  ) {
    return result(application);
  }
  requireStep(application, stepsAllowing('SET_DISBURSEMENT_ACCOUNT'), 'Setting the disbursement account');
  const row = await saveAccount(tx, deps, application, 'DISBURSEMENT', details);
  return result(
    await moveClosing(tx, deps.clock, application, 'SET_DISBURSEMENT_ACCOUNT', {
      actor: borrower(identityUuid),
      data: { source: details.source, mask: row.mask, routingNumber: row.routingNumber, fingerprint },
      flags: { giactAccountStatus: null },
      next: {
        kind: CLOSING_JOBS.bankVerifyAccount,
        payload: { purpose: 'DISBURSEMENT', accountUuid: row.uuid },
      },
    }),
  );
}

/** The bank linked for income, offered for the disbursement: its accounts that can receive payments, or null. */
export async function getIncomeBankLink(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  const link = await incomeBankLink(tx, application.uuid);
  return {
    ...result(application),
    link: link && { institutionName: link.institutionName, accounts: link.accounts },
  };
}

/** Repayment: MANUAL payments, or AUTOPAY from the disbursement account or another account (then verified). */
export async function chooseRepayment(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'sealer'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'bank/autopay'> },
): Promise<TActionResult> {
  const { clock, sealer } = deps;
  const action = body.payType === 'MANUAL' ? 'SET_MANUAL_PAY' : 'SET_AUTOPAY';
  if (await alreadyDone(tx, application, action)) return result(application);
  requireStep(application, stepsAllowing('SET_AUTOPAY', 'SET_MANUAL_PAY'), 'Choosing how to repay');
  if (body.payType === 'MANUAL') {
    await deleteAccount(tx, application.uuid, 'AUTOPAY');
    await updateClosing(tx, clock, application.uuid, { payType: 'MANUAL' });
    return result(
      await moveClosing(tx, clock, application, 'SET_MANUAL_PAY', { actor: borrower(identityUuid) }),
    );
  }
  if ((body.routingNumber === undefined) !== (body.accountNumber === undefined)) {
    throw new AppError('BAD_REQUEST', 'Give both the routing and the account number, or neither');
  }
  let details: AccountDetails;
  if (body.routingNumber && body.accountNumber) {
    details = {
      source: 'MANUAL',
      accountType: body.accountType,
      routingNumber: body.routingNumber,
      accountNumber: body.accountNumber,
      bankName: null,
    };
  } else {
    const [disburse] = await listAccounts(tx, application.uuid, 'DISBURSEMENT');
    if (!disburse) throw new AppError('CONFLICT', 'No disbursement account yet', { step: application.step });
    details = {
      source: disburse.source as 'LINKED' | 'MANUAL',
      accountType: disburse.accountType,
      routingNumber: disburse.routingNumber,
      accountNumber: sealer.open(
        disburse.accountNumberSealed,
        accountContext(application.uuid, 'DISBURSEMENT'),
      ),
      bankName: disburse.bankName,
    };
  }
  const row = await saveAccount(tx, deps, application, 'AUTOPAY', details);
  await updateClosing(tx, clock, application.uuid, { payType: 'AUTOPAY' });
  return result(
    await moveClosing(tx, clock, application, 'SET_AUTOPAY', {
      actor: borrower(identityUuid),
      data: { mask: row.mask, sameAsDisbursement: !body.routingNumber },
      next: body.routingNumber
        ? {
            kind: CLOSING_JOBS.bankVerifyAccount,
            payload: { purpose: 'AUTOPAY', accountUuid: row.uuid },
          }
        : undefined,
    }),
  );
}

/** The disbursement and autopay accounts (masked to the last 4) and the pay type. */
export async function getBankAccounts(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  const rows = await listAccounts(tx, application.uuid);
  const view = (purpose: string) => {
    const row = rows.find((each) => each.purpose === purpose);
    return row
      ? {
          uuid: row.uuid,
          source: row.source as 'LINKED' | 'MANUAL',
          accountType: row.accountType as 'CHECKING' | 'SAVINGS',
          routingNumber: row.routingNumber,
          mask: row.mask,
          accountNumber: formatMaskedAccount(row.mask),
          bankName: row.bankName,
          verificationStatus: row.verificationStatus as 'VERIFIED' | 'PENDING_REVIEW' | null,
        }
      : null;
  };
  const closing = await closingOf(tx, application.uuid);
  return {
    ...result(application),
    disburseAccount: view('DISBURSEMENT'),
    autopayAccount: view('AUTOPAY'),
    payType: closing.payType as 'AUTOPAY' | 'MANUAL' | null,
  };
}
