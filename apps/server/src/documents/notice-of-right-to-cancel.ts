/**
 * Notice of right to cancel for an open-end plan secured by the consumer's principal dwelling
 * (Regulation Z 12 CFR 1026.15(b)). Every consumer whose ownership interest is subject to the security
 * interest has the right and gets their own notice (1026.15(a)(1), (b)), so this generates one per
 * owner. The wording is ours, following the content 1026.15(b) requires (Regulation Z's open-end
 * model form is G-5 in appendix G; H-9 is the closed-end refinancing form):
 *   1. the retention or acquisition of a security interest in the consumer's principal dwelling;
 *   2. the consumer's right to rescind; 3. how to exercise it, with a form and the creditor's business
 *   address; 4. the effects of rescission; 5. the date the rescission period expires.
 * The deadline is the domain's rescissionDeadline: midnight of the third business day (Sundays and
 * federal holidays excluded) after the transaction date.
 */
import { rescissionDeadline, type TAddressParts, type TOrgData } from '@heloc/domain';
import { PdfLayout, type TPdfDocument } from './layout';
import { address, displayDate, lenderAddress, lenderName, money } from './loan-terms';

export interface TNoticeOfRightToCancelInput {
  org: TOrgData;
  /**
   * The latest of account opening (signing), delivery of this notice and delivery of the material
   * disclosures, yyyy-MM-dd: the three business days run from it.
   */
  transactionDate: string;
  loanNumber: string;
  ownerName: string;
  propertyAddress: TAddressParts;
  lineAmountCents: number;
}

export interface TNoticesOfRightToCancelInput extends Omit<TNoticeOfRightToCancelInput, 'ownerName'> {
  /** Every owner whose interest is subject to the security interest (borrowers and co-deeders). */
  owners: readonly string[];
}

export interface TOwnerNotice {
  ownerName: string;
  /** Last day to cancel, yyyy-MM-dd (the right ends at midnight at the end of it). */
  deadline: string;
  document: TPdfDocument;
}

export async function generateNoticeOfRightToCancel(
  input: TNoticeOfRightToCancelInput,
): Promise<TOwnerNotice> {
  const { org } = input;
  const deadline = rescissionDeadline(input.transactionDate);
  const lender = lenderName(org);
  const noticeAddress = `${lender}, ${lenderAddress(org)}`;
  const layout = await PdfLayout.create({
    title: 'Notice of Right to Cancel',
    subject: `Notice of right to cancel for ${input.ownerName}, loan ${input.loanNumber}`,
    org,
    date: input.transactionDate,
    keywords: ['HELOC', 'NOTICE_OF_RIGHT_TO_CANCEL', input.loanNumber],
  });

  layout.keyValues([
    ['Owner', input.ownerName],
    ['Loan number', input.loanNumber],
    ['Property (your home)', address(input.propertyAddress)],
    ['Credit limit', money(input.lineAmountCents)],
    ['Transaction date', displayDate(input.transactionDate)],
    ['Last day to cancel', `Midnight of ${displayDate(deadline)}`],
  ]);

  layout.heading('Your right to cancel');
  layout.text(
    `We have agreed to open a home equity line of credit account for you, and you have agreed to give us a ` +
      `security interest (a deed of trust or mortgage) in your home at ${address(input.propertyAddress)} as ` +
      'security for the account. Federal law gives you the right to cancel the account, without any cost to ' +
      'you, within three business days after the latest of these events:',
  );
  layout.bullets([
    `the opening date of your account, which is ${displayDate(input.transactionDate)};`,
    'the date you received your Truth in Lending disclosures for the account; or',
    'the date you received this notice of your right to cancel.',
  ]);
  layout.text(
    'For this purpose business days are all calendar days except Sundays and federal legal public holidays.',
  );

  layout.heading('What happens if you cancel');
  layout.text(
    'If you cancel the account, the security interest in your home is also cancelled. Within 20 calendar days ' +
      'after we receive your notice, we must take the steps necessary to show that the security interest in ' +
      'your home has been cancelled, and we must return to you any money or property you gave us or anyone ' +
      'else in connection with the account.',
  );
  layout.text(
    'You may keep any money or property we have given you until we have done those things, but you must then ' +
      'offer to return it. If returning the property is impractical or unfair, you must offer its reasonable ' +
      'value. You may offer to return the property at your home or at the location of the property; money ' +
      'must be returned to the address below. If we do not take possession of the money or property within ' +
      '20 calendar days of your offer, you may keep it with no further obligation.',
  );

  layout.heading('How to cancel');
  layout.text(
    `If you decide to cancel, notify us in writing at: ${noticeAddress}. You may use any written statement ` +
      'that is signed and dated by you and says you wish to cancel, or you may use this notice by signing and ' +
      'dating it below. Keep one copy of this notice: it contains important information about your rights.',
  );
  layout.text(
    `If you cancel by mail, you must send your notice no later than midnight of ${displayDate(deadline)} ` +
      '(or midnight of the third business day after the latest of the three events above, if later). If you ' +
      'send or deliver your written notice another way, it must be delivered to the address above no later ' +
      'than that time.',
    { bold: true },
  );

  layout.heading('I wish to cancel');
  layout.signatureLine(input.ownerName, 'Owner');

  layout.heading('Acknowledgment of receipt');
  layout.text(
    'I acknowledge that on the transaction date above I received two copies of this Notice of Right to Cancel ' +
      'and one copy of the Truth in Lending disclosures for the account.',
  );
  layout.signatureLine(input.ownerName, 'Owner');
  return { ownerName: input.ownerName, deadline, document: await layout.finish() };
}

/** One notice per owner, in the order given. */
export async function generateNoticesOfRightToCancel(
  input: TNoticesOfRightToCancelInput,
): Promise<TOwnerNotice[]> {
  if (input.owners.length === 0) throw new RangeError('At least one owner must receive a notice');
  const { owners, ...shared } = input;
  const notices: TOwnerNotice[] = [];
  // Sequential on purpose: pdf-lib is CPU-bound, so parallel generation gains nothing here.
  for (const ownerName of owners) notices.push(await generateNoticeOfRightToCancel({ ...shared, ownerName }));
  return notices;
}
