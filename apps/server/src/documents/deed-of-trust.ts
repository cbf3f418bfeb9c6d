/**
 * Security instrument: a deed of trust (with a trustee) or a mortgage, depending on the property's
 * state, securing the line up to its credit limit. The legal description comes from the input (title
 * work supplies it); the recording block tells the recorder where to return the instrument.
 */
import { type TAddressParts, type TOrgData } from '@heloc/domain';
import { PdfLayout, type TPdfDocument } from './layout';
import {
  address,
  assertCents,
  displayDate,
  joinNames,
  lenderAddress,
  lenderIdentity,
  lenderName,
  money,
} from './loan-terms';

export type TSecurityInstrumentKind = 'DEED_OF_TRUST' | 'MORTGAGE';

export interface TDeedOfTrustInput {
  org: TOrgData;
  /** Date of the instrument (the agreement date), yyyy-MM-dd. */
  instrumentDate: string;
  loanNumber: string;
  kind: TSecurityInstrumentKind;
  /** Deed of trust only: the trustee's name and address. */
  trustee: { name: string; address: TAddressParts } | null;
  /** Every owner who signs (grantors / mortgagors). */
  borrowers: readonly string[];
  propertyAddress: TAddressParts;
  county: string;
  /** The legal description, or a placeholder such as "See Exhibit A" until title provides it. */
  legalDescription: string;
  /** Assessor's parcel number, when known. */
  parcelNumber: string | null;
  /** Maximum principal secured: the credit limit. */
  lineAmountCents: number;
  /** Final maturity of the secured debt, yyyy-MM-dd. */
  maturityDate: string;
}

export async function generateDeedOfTrust(input: TDeedOfTrustInput): Promise<TPdfDocument> {
  const { org } = input;
  assertCents(input.lineAmountCents, 'line amount');
  if (input.borrowers.length === 0) throw new RangeError('A security instrument needs at least one grantor');
  if (input.kind === 'DEED_OF_TRUST' && !input.trustee)
    throw new RangeError('A deed of trust needs a trustee');
  const isDeed = input.kind === 'DEED_OF_TRUST';
  const title = isDeed ? 'Deed of Trust (Open-End Line of Credit)' : 'Mortgage (Open-End Line of Credit)';
  const grantorRole = isDeed ? 'Trustor' : 'Mortgagor';
  const lenderRole = isDeed ? 'Beneficiary' : 'Mortgagee';
  const lender = lenderName(org);
  const layout = await PdfLayout.create({
    title,
    subject: `Security instrument, loan ${input.loanNumber}`,
    org,
    date: input.instrumentDate,
    keywords: ['HELOC', 'DEED_OF_TRUST', input.loanNumber],
  });

  layout.text(
    `Recording requested by and when recorded return to: ${lender}, ${lenderAddress(org)}. ` +
      `Loan number ${input.loanNumber}.`,
    { size: 9, muted: true },
  );
  layout.text(
    `THIS IS AN OPEN-END ${isDeed ? 'DEED OF TRUST' : 'MORTGAGE'} SECURING A REVOLVING LINE OF CREDIT. ` +
      `THE MAXIMUM PRINCIPAL AMOUNT SECURED IS ${money(input.lineAmountCents)}.`,
    { bold: true },
  );

  layout.heading('Parties');
  const parties: [string, string][] = [
    [`${grantorRole}(s)`, input.borrowers.join(', ')],
    [lenderRole, `${lenderIdentity(org)}, ${lenderAddress(org)}`],
  ];
  if (isDeed && input.trustee)
    parties.push(['Trustee', `${input.trustee.name}, ${address(input.trustee.address)}`]);
  parties.push(['Date', displayDate(input.instrumentDate)]);
  layout.keyValues(parties);

  layout.heading('Property');
  layout.keyValues([
    ['Property address', address(input.propertyAddress)],
    ['County', input.county],
    ['Parcel number', input.parcelNumber ?? 'Not available'],
    ['Legal description', input.legalDescription],
  ]);

  layout.heading('Grant');
  layout.text(
    isDeed
      ? `For the purpose of securing the debt described below, ${joinNames(input.borrowers)} irrevocably ` +
          `grant(s) and convey(s) to the Trustee, in trust, with power of sale, for the benefit of ${lender}, ` +
          'the property described above, with all improvements, easements and fixtures now or later on it.'
      : `For the purpose of securing the debt described below, ${joinNames(input.borrowers)} mortgage(s), ` +
          `grant(s) and convey(s) to ${lender} the property described above, with all improvements, ` +
          'easements and fixtures now or later on it.',
  );

  layout.heading('Debt secured');
  layout.text(
    `This instrument secures the Home Equity Line of Credit Agreement and Note of ${displayDate(input.instrumentDate)}, ` +
      `loan number ${input.loanNumber}, under which advances may be made, repaid and made again up to a ` +
      `credit limit of ${money(input.lineAmountCents)}, with interest, fees and amounts advanced to protect ` +
      `the property. It secures future advances as if made today. The secured debt matures on ` +
      `${displayDate(input.maturityDate)}.`,
  );

  layout.heading('Covenants of the borrower');
  layout.bullets([
    'Pay the secured debt when due and keep the property insured against hazards (and flood, where required), ' +
      `naming ${lender} as loss payee.`,
    'Pay taxes, assessments and prior liens on time, keep the property in good repair and occupy it as agreed.',
    'Not sell or transfer the property, or allow a lien with priority over this instrument, without consent.',
    'On default and acceleration under the Agreement, the lender may enforce this instrument as the law of the ' +
      `state where the property is located permits${isDeed ? ', including by power of sale' : ''}.`,
    'When the secured debt is paid and the line is closed, the lender will release this instrument.',
  ]);

  layout.heading('Signatures');
  layout.text(`By signing below each ${grantorRole.toLowerCase()} accepts and agrees to this instrument.`);
  for (const borrower of input.borrowers) layout.signatureLine(borrower, grantorRole);

  layout.heading('Acknowledgment');
  layout.text(
    `State of ${input.propertyAddress.state}, County of ${input.county}. On ____________ before me, ` +
      `the undersigned notary public, personally appeared ${joinNames(input.borrowers)}, proved to me on the ` +
      'basis of satisfactory evidence to be the person(s) whose name(s) are subscribed to this instrument, ' +
      'and acknowledged that they executed it.',
  );
  layout.signatureLine('Notary public', 'Notary');
  return layout.finish();
}
