/**
 * The bank linked for income, offered again for the disbursement (issue 19). Its own module: the zod
 * schema is built when the module loads, so it stays out of the first screens that never use it.
 */
import { z } from 'zod';
import { ZApplicationStep } from '../enums';
import { ZLinkedAccount } from './closing';

/** A linked account the line can be paid into and repaid from: a bank account, not a payroll one. */
export const canReceivePayments = (account: { type: string }): boolean => account.type !== 'PAYROLL';

/**
 * The bank linked for income, offered again on bank/disburse so the borrower does not link it twice
 * (issue 19): its accounts that can receive payments, masked; null when income was not linked through a
 * bank (a payroll link, documents) or none of its accounts can receive payments.
 */
export const ZIncomeLinkView = z.object({
  status: ZApplicationStep,
  link: z.object({ institutionName: z.string(), accounts: z.array(ZLinkedAccount).min(1) }).nullable(),
});
export type TIncomeLinkView = z.infer<typeof ZIncomeLinkView>;
