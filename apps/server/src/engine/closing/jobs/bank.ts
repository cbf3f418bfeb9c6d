/** The bank account check beside the flow (a failed check marks the account for review). */
import { and, eq } from 'drizzle-orm';
import { schema } from '../../../db';
import { withApplicationLock } from '../../../workflow/step-machine';
import {
  CLOSING_JOBS,
  loadClosingSubject,
  mergeFlags,
  PROVIDER,
  raiseCondition,
  recordAction,
} from '../store';
import type { JobWorker } from '../../../jobs/worker';
import { jobPayloadOrNull, parseJobPayload } from '../../job-payloads';
import { accountContext, type ClosingJobContext } from './shared';

export function registerBankJobs(worker: JobWorker, context: ClosingJobContext): void {
  const { deps, clock, providers } = context;
  async function markAccountForReview(applicationUuid: string, purpose: string, reason: string) {
    await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
      await tx
        .update(schema.applicationAccounts)
        .set({ verificationStatus: 'PENDING_REVIEW' })
        .where(
          and(
            eq(schema.applicationAccounts.applicationUuid, applicationUuid),
            eq(schema.applicationAccounts.purpose, purpose),
          ),
        );
      if (purpose === 'DISBURSEMENT')
        await mergeFlags(tx, application, { giactAccountStatus: 'PENDING_REVIEW' });
      await raiseCondition(tx, clock, applicationUuid, 'BANK_ACCOUNT_FRAUD_REVIEW', {
        commentsToBorrower:
          'We are reviewing your bank account. We may contact you for a recent bank statement.',
        requestDocuments: false,
        notes: reason,
      });
      await recordAction(tx, clock, application, PROVIDER, 'BANK_ACCOUNT_REVIEW', { purpose, reason });
    });
  }

  worker.register(CLOSING_JOBS.bankVerifyAccount, {
    async run(raw, _job, { signal }) {
      const { applicationUuid, purpose, accountUuid } = parseJobPayload(CLOSING_JOBS.bankVerifyAccount, raw);
      const [account] = await deps.db
        .select()
        .from(schema.applicationAccounts)
        .where(
          and(
            eq(schema.applicationAccounts.applicationUuid, applicationUuid),
            eq(schema.applicationAccounts.purpose, purpose),
          ),
        );
      if (!account || account.uuid !== accountUuid) return; // replaced since
      const subject = await loadClosingSubject(deps, applicationUuid);
      const result = await providers.bankAccount.verify(
        {
          applicant: subject.applicant,
          purpose,
          accountType: account.accountType === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
          routingNumber: account.routingNumber,
          accountNumber: deps.sealer.open(
            account.accountNumberSealed,
            accountContext(applicationUuid, purpose),
          ),
        },
        { signal },
      );
      if (result.outcome !== 'VERIFIED') {
        await markAccountForReview(
          applicationUuid,
          purpose,
          result.outcome === 'REJECTED' ? result.reason : 'PENDING_REVIEW',
        );
        return;
      }
      await withApplicationLock(deps.db, applicationUuid, async (tx, application) => {
        await tx
          .update(schema.applicationAccounts)
          .set({ verificationStatus: 'VERIFIED', bankName: result.bankName })
          .where(eq(schema.applicationAccounts.uuid, account.uuid));
        if (purpose === 'DISBURSEMENT') await mergeFlags(tx, application, { giactAccountStatus: 'VERIFIED' });
        await recordAction(tx, clock, application, PROVIDER, 'BANK_ACCOUNT_VERIFIED', {
          purpose,
          verificationId: result.verificationId,
          mask: result.accountMask,
        });
      });
    },
    // An account nobody could check goes to staff review instead of blocking the borrower.
    onDead: async (raw, _job, error) => {
      const payload = jobPayloadOrNull(CLOSING_JOBS.bankVerifyAccount, raw);
      if (payload) await markAccountForReview(payload.applicationUuid, payload.purpose, error);
    },
  });
}
