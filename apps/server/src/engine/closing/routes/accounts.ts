/**
 * Bank accounts: the disbursement account (linked or entered by hand), autopay, the accounts view. Account numbers are sealed at rest and answered masked.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZBankAccountsView, ZActionResult, ZIncomeLinkView } from '@heloc/domain';
import { authOf } from '../../../plugins/auth';
import { withApplicationLock } from '../../../workflow/step-machine';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
  ownApplicationUuid,
} from '../../route-helpers';
import type { LinkTokens } from '../link-tokens';
import {
  type AccountDetails,
  chooseRepayment,
  fingerprintAccount,
  getBankAccounts,
  getIncomeBankLink,
  readIncomeLinkAccount,
  readLinkedAccount,
  setDisbursementAccount,
} from '../services/accounts';
import { tags } from './shared';

export const accountsRoutes: FastifyPluginAsyncZod<{ linkTokens: LinkTokens }> = async (app, options) => {
  const { linkTokens } = options;

  /** The caller's application, the chosen account read before the lock (a provider call), then the lock. */
  async function setDisbursement(
    request: { params: { uuid: string } },
    fingerprint: string,
    account: (uuid: string) => Promise<AccountDetails>,
  ) {
    const { identityUuid } = authOf(request as never);
    const uuid = await ownApplicationUuid(app.db, request, identityUuid);
    const details = await account(uuid);
    return withApplicationLock(app.db, uuid, (tx, application) =>
      setDisbursementAccount(tx, app, { application, identityUuid, fingerprint, details }),
    );
  }

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
        readLinkedAccount(app, { applicationUuid: uuid, linkTokens, body: request.body }),
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
      onOwnApplication(app.db, request, (tx, application) => getIncomeBankLink(tx, app, { application })),
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
      setDisbursement(request, `linked:${request.body.accountId}`, (uuid) =>
        readIncomeLinkAccount(app.db, app, { applicationUuid: uuid, body: request.body }),
      ),
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
        fingerprintAccount(app, { applicationUuid: request.params.uuid, routingNumber, accountNumber }),
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        chooseRepayment(tx, app, { application, identityUuid, body: request.body }),
      ),
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
      onOwnApplication(app.db, request, (tx, application) => getBankAccounts(tx, app, { application })),
  );
};
