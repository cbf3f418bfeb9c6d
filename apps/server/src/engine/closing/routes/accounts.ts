/**
 * Bank accounts: the disbursement account (linked or entered by hand), autopay, the accounts view. Account numbers are sealed at rest and answered masked.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENGINE_WRITES,
  accountMask,
  formatMaskedAccount,
  ZBankAccountsView,
  ZActionResult,
  ZIncomeLinkView,
  canReceivePayments,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { withApplicationLock, type ApplicationRow } from '../../../workflow/step-machine';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
  requireStep,
} from '../../route-helpers';
import { accountContext } from '../jobs';
import type { LinkTokens } from '../link-tokens';
import { CLOSING_JOBS, closingOf, moveClosing, updateClosing } from '../store';
import { latestTransitionData } from '../../store';
import { tags } from './shared';
import { deleteAccount, listAccounts, upsertAccount } from '../repository';
import { stepsAllowing } from '../../steps';

export const accountsRoutes: FastifyPluginAsyncZod<{ linkTokens: LinkTokens }> = async (app, options) => {
  const { linkTokens } = options;
  const { clock } = app;

  async function saveAccount(
    tx: Executor,
    application: ApplicationRow,
    purpose: 'DISBURSEMENT' | 'AUTOPAY',
    account: {
      source: 'LINKED' | 'MANUAL';
      accountType: string;
      routingNumber: string;
      accountNumber: string;
      bankName: string | null;
    },
  ) {
    const digits = account.accountNumber.replace(/\D/g, '');
    const values = {
      source: account.source,
      accountType: account.accountType,
      routingNumber: account.routingNumber,
      accountNumberSealed: app.sealer.seal(digits, accountContext(application.uuid, purpose)),
      mask: accountMask(digits),
      bankName: account.bankName,
      verificationStatus: null,
      createdAt: clock.now(),
    };
    return upsertAccount(tx, application.uuid, purpose, values);
  }

  /** Routing and account number of an account chosen from a bank link (never shown to the browser). */
  async function linkedAccount(uuid: string, publicToken: string, accountId: string) {
    const claims = await linkTokens.readPublicToken(publicToken, uuid);
    if (claims.kind !== 'BANK' || !claims.accounts.some((account) => account.accountId === accountId)) {
      throw new AppError('BAD_REQUEST', 'Choose one of the linked bank accounts');
    }
    const numbers = await app.providers.income.accountNumbers({ linkId: claims.linkId, accountId });
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

  async function setDisbursement(
    request: { params: { uuid: string } },
    fingerprint: string,
    account: (uuid: string) => Promise<Parameters<typeof saveAccount>[3]>,
  ) {
    const { identityUuid } = authOf(request as never);
    const uuid = await ownApplicationUuid(app.db, request, identityUuid);
    const details = await account(uuid);
    return withApplicationLock(app.db, uuid, async (tx, application) => {
      if (
        await alreadyDone(
          tx,
          application,
          'SET_DISBURSEMENT_ACCOUNT',
          stepsAllowing('SET_DISBURSEMENT_ACCOUNT'),
          (data) => data.fingerprint === fingerprint,
        )
      ) {
        return result(application);
      }
      requireStep(application, stepsAllowing('SET_DISBURSEMENT_ACCOUNT'), 'Setting the disbursement account');
      const row = await saveAccount(tx, application, 'DISBURSEMENT', details);
      return result(
        await moveClosing(tx, clock, application, 'SET_DISBURSEMENT_ACCOUNT', {
          actor: borrower(identityUuid),
          data: { source: details.source, mask: row.mask, routingNumber: row.routingNumber, fingerprint },
          flags: { giactAccountStatus: null },
          next: {
            kind: CLOSING_JOBS.bankVerifyAccount,
            payload: { purpose: 'DISBURSEMENT', accountUuid: row.uuid },
          },
        }),
      );
    });
  }

  /** Identifies the same account in the audit trail without its number: a keyed hash. */
  const accountFingerprint = (uuid: string, routingNumber: string, accountNumber: string) =>
    app.sealer
      .derive(`account:${uuid}:${routingNumber}:${accountNumber.replace(/\D/g, '')}`)
      .toString('hex')
      .slice(0, 24);

  app.post(
    `${BASE}/bank/disburse`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Disburse to an account of a bank link (public token and account id)',
        params,
        body: ENGINE_WRITES['bank/disburse'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      setDisbursement(request, `linked:${request.body.accountId}`, (uuid) =>
        linkedAccount(uuid, request.body.publicToken, request.body.accountId),
      ),
  );

  app.get(
    `${BASE}/bank/income-link`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The bank linked for income, offered for the disbursement: its accounts that can receive payments (masked), or null',
        params,
        response: { 200: ZIncomeLinkView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
        const link = await incomeBankLink(tx, application.uuid);
        return {
          ...result(application),
          link: link && { institutionName: link.institutionName, accounts: link.accounts },
        };
      }),
  );

  app.post(
    `${BASE}/bank/disburse-income-link`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Disburse to an account of the bank linked for income (no second link): routing and account number come from the stored link',
        params,
        body: ENGINE_WRITES['bank/disburse-income-link'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      setDisbursement(request, `linked:${request.body.accountId}`, async (uuid) => {
        const link = await incomeBankLink(app.db, uuid);
        const chosen = link?.accounts.find((account) => account.accountId === request.body.accountId);
        if (!link || !chosen) {
          throw new AppError('BAD_REQUEST', 'Choose one of the accounts you linked for your income');
        }
        const numbers = await app.providers.income.accountNumbers({
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
      }),
  );

  app.post(
    `${BASE}/bank/manual-disburse`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Disburse to an account given by routing and account number (ABA checksum validated)',
        params,
        body: ENGINE_WRITES['bank/manual-disburse'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { routingNumber, accountNumber, accountType } = request.body;
      return setDisbursement(
        request,
        accountFingerprint(request.params.uuid, routingNumber, accountNumber),
        async () => ({
          source: 'MANUAL',
          accountType,
          routingNumber,
          accountNumber,
          bankName: null,
        }),
      );
    },
  );

  app.post(
    `${BASE}/bank/autopay`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Repayment: AUTOPAY from the disbursement account or another account, or MANUAL payments',
        params,
        body: ENGINE_WRITES['bank/autopay'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const body = request.body;
        const action = body.payType === 'MANUAL' ? 'SET_MANUAL_PAY' : 'SET_AUTOPAY';
        if (await alreadyDone(tx, application, action, stepsAllowing('SET_AUTOPAY', 'SET_MANUAL_PAY')))
          return result(application);
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
        let details: Parameters<typeof saveAccount>[3];
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
          if (!disburse)
            throw new AppError('CONFLICT', 'No disbursement account yet', { step: application.step });
          details = {
            source: disburse.source as 'LINKED' | 'MANUAL',
            accountType: disburse.accountType,
            routingNumber: disburse.routingNumber,
            accountNumber: app.sealer.open(
              disburse.accountNumberSealed,
              accountContext(application.uuid, 'DISBURSEMENT'),
            ),
            bankName: disburse.bankName,
          };
        }
        const row = await saveAccount(tx, application, 'AUTOPAY', details);
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
      }),
  );

  app.get(
    `${BASE}/bank/accounts`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The disbursement and autopay accounts (masked to the last 4) and the pay type',
        params,
        response: {
          200: ZBankAccountsView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
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
      }),
  );
};
