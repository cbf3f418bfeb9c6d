import {
  aprBps,
  DOCUMENT_TYPES,
  formatCurrency,
  monthlyPaymentCents,
  rescissionDeadline,
  type TOrgData,
} from '@heloc/domain';
import { PDFDocument } from 'pdf-lib';
import { pageText, pdfText } from '../test/pdf-text';
import { describe, expect, it } from 'vitest';
import {
  closingCosts,
  DOCUMENT_GENERATORS,
  DECLINE_REASON_TEXT,
  federalAgencyFor,
  generateAdverseActionNotice,
  generateApplicationSummary,
  generateClosingDisclosure,
  generateDeedOfTrust,
  generateDocuments,
  generateEarlyHelocDisclosure,
  generateHelocAgreement,
  generateNoticeOfRightToCancel,
  generateNoticesOfRightToCancel,
  PRODUCER,
  type TAdverseActionNoticeInput,
  type TApplicationSummaryInput,
  type TClosingDisclosureInput,
  type TDeedOfTrustInput,
  type THelocAgreementInput,
  type TPdfDocument,
} from './index';
import { CREDIT_UNION_ORG, MAIN_ORG, PROPERTY, TERMS } from './test-fixtures';

// Lines joined with spaces: wrapped paragraphs read back as they were written.
const text = (document: TPdfDocument) => document.lines.join(' ');

/** Loads the bytes back and checks what every generated document must satisfy. */
async function expectValidPdf(
  document: TPdfDocument,
  expected: { title: string; minPages: number; maxPages: number; date: string },
  org = MAIN_ORG,
) {
  expect(Buffer.from(document.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const loaded = await PDFDocument.load(document.bytes, { updateMetadata: false });
  expect(loaded.getPageCount()).toBe(document.pageCount);
  expect(document.pageCount).toBeGreaterThanOrEqual(expected.minPages);
  expect(document.pageCount).toBeLessThanOrEqual(expected.maxPages);
  expect(loaded.getTitle()).toBe(expected.title);
  expect(loaded.getAuthor()).toBe(org.orgMetaData.companyInfo.companyName);
  expect(loaded.getProducer()).toBe(PRODUCER);
  expect(loaded.getCreationDate()?.toISOString()).toBe(`${expected.date}T00:00:00.000Z`);
  expect(loaded.getModificationDate()?.toISOString()).toBe(`${expected.date}T00:00:00.000Z`);
  // The footer is on every page.
  for (let page = 1; page <= document.pageCount; page += 1) {
    expect(document.lines).toContain(`Page ${page} of ${document.pageCount}`);
  }
  const footers = document.lines.filter((line) =>
    line.startsWith(
      `${org.orgMetaData.companyInfo.companyName} | NMLS #${org.orgMetaData.companyInfo.companyNMLS}`,
    ),
  );
  expect(footers).toHaveLength(document.pageCount);
  expect(document.lines).toContain(
    '101 Mission Street, Suite 1400, San Francisco, CA 94105 | (888) 819-6388',
  );
}

const PAYMENT = monthlyPaymentCents(TERMS.initialDrawCents, TERMS.rateBps, TERMS.termYears);

describe('layout and shared numbers', () => {
  it('uses the domain arithmetic: payment and APR of the fixture terms', () => {
    expect(formatCurrency(PAYMENT, { decimals: 2 })).toBe('$751.27');
    expect(
      aprBps({ amountCents: 100_000_00, feeCents: 2_990_00, rateBps: 825, termYears: 30 }),
    ).toBeGreaterThan(825);
  });

  it('really puts the text into the page content stream (inflated)', async () => {
    const document = await generateEarlyHelocDisclosure(earlyInput());
    const loaded = await PDFDocument.load(document.bytes);
    const shown = pageText(loaded, 0);
    expect(shown).toContain('Early Home Equity Line of Credit Disclosure');
    expect(shown).toContain('Jane Q. Borrower');
    expect(shown).toContain('$100,000');
    expect(shown).toContain('$751.27');
    expect(shown).toContain(`Page 1 of ${document.pageCount}`);
  });

  it('maps characters Helvetica cannot encode instead of failing', async () => {
    const document = await generateEarlyHelocDisclosure({
      ...earlyInput(),
      applicantName: 'Zoë Ng \u4e2d \u2264',
    });
    expect(text(document)).toContain('Zoë Ng ? <=');
  });

  it('is deterministic: the same input gives identical bytes', async () => {
    const first = await generateHelocAgreement(agreementInput());
    const second = await generateHelocAgreement(agreementInput());
    expect(Buffer.from(first.bytes).equals(Buffer.from(second.bytes))).toBe(true);
    const otherDay = await generateHelocAgreement({ ...agreementInput(), agreementDate: '2026-07-03' });
    expect(Buffer.from(first.bytes).equals(Buffer.from(otherDay.bytes))).toBe(false);
  });

  it('breaks long documents onto more pages, each with its footer', async () => {
    const borrowers = Array.from({ length: 20 }, (_, index) => `Borrower Number ${index + 1}`);
    const document = await generateHelocAgreement({ ...agreementInput(), borrowers });
    expect(document.pageCount).toBeGreaterThanOrEqual(4);
    await expectValidPdf(document, {
      title: 'Home Equity Line of Credit Agreement and Note',
      minPages: 4,
      maxPages: 10,
      date: '2026-07-02',
    });
    expect(text(document)).toContain('Borrower: Borrower Number 20');
  });

  it('rejects an invalid document date', async () => {
    await expect(
      generateEarlyHelocDisclosure({ ...earlyInput(), documentDate: '2026-02-30' }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses a signed loan document without a borrower, and impossible terms before anything else', async () => {
    await expect(generateHelocAgreement({ ...agreementInput(), borrowers: [] })).rejects.toThrow(
      new RangeError('A HELOC agreement needs at least one borrower'),
    );
    await expect(generateClosingDisclosure(closingInput({ borrowers: [] }))).rejects.toThrow(
      new RangeError('A closing disclosure needs at least one borrower'),
    );
    const overdrawn = { ...TERMS, initialDrawCents: TERMS.lineAmountCents + 1 };
    await expect(
      generateHelocAgreement({ ...agreementInput(), borrowers: [], terms: overdrawn }),
    ).rejects.toThrow(new RangeError('Initial draw exceeds the line'));
  });
});

function earlyInput() {
  return {
    org: MAIN_ORG,
    documentDate: '2026-06-15',
    applicationId: 'HL-100234',
    applicantName: 'Jane Q. Borrower',
    propertyAddress: PROPERTY,
    terms: TERMS,
  };
}

describe('early HELOC disclosure', () => {
  it('shows the borrower’s terms, variable-rate features and possible fees', async () => {
    const document = await generateEarlyHelocDisclosure(earlyInput());
    await expectValidPdf(document, {
      title: 'Early Home Equity Line of Credit Disclosure',
      minPages: 2,
      maxPages: 4,
      date: '2026-06-15',
    });
    const all = text(document);
    for (const value of [
      'Jane Q. Borrower',
      'HL-100234',
      '42 Wallaby Way, Richmond, VA 23220',
      '$100,000',
      '8.25%',
    ]) {
      expect(all).toContain(value);
    }
    expect(all).toContain('$751.27');
    expect(all).toContain('$2,990.00');
    expect(all).toContain('$97,010.00');
    expect(all).toContain('Prime Rate (June 2026)');
    expect(all).toContain('8.50%');
    expect(all).toContain('18.00%');
    expect(all).toContain('$180 if no automated valuation is available');
    expect(all).toContain('$0 to $315');
    expect(all).toContain('$1,400 per $100,000');
    expect(all).toMatch(/You could lose\s+your home/);
  });

  it('states the organisation’s own maximum origination fee, not the platform default', async () => {
    const org: TOrgData = {
      ...MAIN_ORG,
      orgPricingData: [{ originationFeeMaxBps: 399 }, { originationFeeMaxBps: 250 }],
    };
    const document = await generateEarlyHelocDisclosure({ ...earlyInput(), org });
    const shown = (await pdfText(document.bytes)).replace(/\s+/g, ' ');
    expect(shown).toContain('(up to 2.50% of the initial draw)');
    expect(shown).not.toContain('4.99%');
  });
});

function summaryInput(): TApplicationSummaryInput {
  return {
    org: MAIN_ORG,
    documentDate: '2026-06-15',
    applicationId: 'HL-100234',
    applicant: {
      fullName: 'Jane Q. Borrower',
      dateOfBirth: '1980-04-09',
      email: 'jane@example.com',
      phone: '(555) 010-0199',
      mailingAddress: PROPERTY,
    },
    additionalSigners: ['John Borrower'],
    propertyAddress: PROPERTY,
    estimatedValueCents: 650_000_00,
    existingLiensCents: 250_000_00,
    incomeSources: [
      { employmentType: 'FULL_TIME', employerName: 'Acme Corp', annualIncomeCents: 150_000_00 },
    ],
    terms: TERMS,
    disbursementAccountNumber: '000123456789',
  };
}

describe('application summary', () => {
  it('lists the applicant, property, income and offer, with the account masked', async () => {
    const document = await generateApplicationSummary(summaryInput());
    await expectValidPdf(document, {
      title: 'HELOC Application Summary',
      minPages: 1,
      maxPages: 3,
      date: '2026-06-15',
    });
    const all = text(document);
    for (const value of [
      'Jane Q. Borrower',
      '04/09/1980',
      'jane@example.com',
      'John Borrower',
      '$650,000',
      '$250,000',
      'Full-time',
      'Acme Corp',
      '$150,000',
      '$751.27',
      'Account ending in 6789',
    ]) {
      expect(all).toContain(value);
    }
    expect(all).not.toContain('000123456789');
  });
});

function agreementInput(): THelocAgreementInput {
  return {
    org: MAIN_ORG,
    agreementDate: '2026-07-02',
    loanNumber: 'HL-100234',
    borrowers: ['Jane Q. Borrower', 'John Borrower'],
    propertyAddress: PROPERTY,
    terms: TERMS,
    firstPaymentDate: '2026-08-15',
  };
}

describe('HELOC agreement and note', () => {
  it('states line, draw, rate, term, payment, APR, fee, draw period and variable-rate terms', async () => {
    const document = await generateHelocAgreement(agreementInput());
    await expectValidPdf(document, {
      title: 'Home Equity Line of Credit Agreement and Note',
      minPages: 2,
      maxPages: 5,
      date: '2026-07-02',
    });
    const all = text(document);
    const apr = aprBps({ amountCents: 100_000_00, feeCents: 2_990_00, rateBps: 825, termYears: 30 });
    for (const value of [
      '$100,000',
      '8.25%',
      '30 years',
      '360',
      '$751.27',
      `${(apr / 100).toFixed(2)}%`,
      '$2,990.00',
      '5 years from the agreement date',
      '08/15/2026',
      'Harborline Home Lending, Inc., a Delaware corporation, NMLS #1893412',
      'Borrower: Jane Q. Borrower',
      'Borrower: John Borrower',
    ]) {
      expect(all).toContain(value);
    }
    expect(all).toMatch(/Prime Rate published in\s+The Wall Street Journal for the calendar\s+month before/);
    expect(all).toContain('Index (Prime Rate, June 2026)');
  });
});

function deedInput(): TDeedOfTrustInput {
  return {
    org: MAIN_ORG,
    instrumentDate: '2026-07-02',
    loanNumber: 'HL-100234',
    kind: 'DEED_OF_TRUST',
    trustee: {
      name: 'Old Dominion Title Services, LLC',
      address: { street1: '1 Capitol Sq', city: 'Richmond', state: 'VA', zip: '23219' },
    },
    borrowers: ['Jane Q. Borrower', 'John Borrower'],
    propertyAddress: PROPERTY,
    county: 'Richmond City',
    legalDescription: 'See Exhibit A (legal description to be provided by the title company)',
    parcelNumber: 'W000-1234/005',
    lineAmountCents: 100_000_00,
    maturityDate: '2056-07-02',
  };
}

describe('deed of trust / mortgage', () => {
  it('names grantors, trustee, lender, property, legal description and the secured maximum', async () => {
    const document = await generateDeedOfTrust(deedInput());
    await expectValidPdf(document, {
      title: 'Deed of Trust (Open-End Line of Credit)',
      minPages: 2,
      maxPages: 5,
      date: '2026-07-02',
    });
    const all = text(document);
    for (const value of [
      'Jane Q. Borrower, John Borrower',
      'Old Dominion Title Services, LLC',
      'Harborline Home Lending, Inc.',
      '42 Wallaby Way, Richmond, VA 23220',
      'See Exhibit A',
      'W000-1234/005',
      '$100,000',
      '07/02/2056',
      'Trustor: Jane Q. Borrower',
      'Trustor: John Borrower',
    ]) {
      expect(all).toContain(value);
    }
  });

  it('flows a legal description longer than a page across pages', async () => {
    const legalDescription = Array.from(
      { length: 120 },
      (_, i) => `Course ${i + 1}: N 12 deg E 100 feet.`,
    ).join(' ');
    const document = await generateDeedOfTrust({ ...deedInput(), legalDescription });
    await expectValidPdf(document, {
      title: 'Deed of Trust (Open-End Line of Credit)',
      minPages: 3,
      maxPages: 8,
      date: '2026-07-02',
    });
    expect(text(document)).toContain('Course 120: N 12 deg E 100 feet.');
  });

  it('is a mortgage without a trustee where the state uses mortgages', async () => {
    const document = await generateDeedOfTrust({ ...deedInput(), kind: 'MORTGAGE', trustee: null });
    expect(document.title).toBe('Mortgage (Open-End Line of Credit)');
    expect(text(document)).toContain('Mortgagor: Jane Q. Borrower');
    expect(text(document)).not.toContain('Trustee');
  });

  it('requires a trustee for a deed of trust', async () => {
    await expect(generateDeedOfTrust({ ...deedInput(), trustee: null })).rejects.toThrow(RangeError);
  });
});

describe('notice of right to cancel', () => {
  const shared = {
    org: MAIN_ORG,
    transactionDate: '2026-07-02',
    loanNumber: 'HL-100234',
    propertyAddress: PROPERTY,
    lineAmountCents: 100_000_00,
  };

  it('produces one notice per owner with the computed deadline', async () => {
    const notices = await generateNoticesOfRightToCancel({
      ...shared,
      owners: ['Jane Q. Borrower', 'John Borrower'],
    });
    expect(notices.map((notice) => notice.ownerName)).toEqual(['Jane Q. Borrower', 'John Borrower']);
    // Signed Thu 07/02/2026: Fri 3 counts, Sat 4 (Independence Day) and Sun 5 do not → Mon 6, Tue 7.
    expect(rescissionDeadline('2026-07-02')).toBe('2026-07-07');
    for (const notice of notices) {
      expect(notice.deadline).toBe('2026-07-07');
      await expectValidPdf(notice.document, {
        title: 'Notice of Right to Cancel',
        minPages: 1,
        maxPages: 3,
        date: '2026-07-02',
      });
      const all = text(notice.document);
      expect(all).toContain(`Owner: ${notice.ownerName}`);
      expect(all).toContain('Midnight of 07/07/2026');
      expect(all).toMatch(/no later than midnight of\s+07\/07\/2026/);
      expect(all).toContain('07/02/2026');
      expect(all).toMatch(/security interest/);
      expect(all).toMatch(/three business days/);
      expect(all).toMatch(
        /Harborline Home Lending, Inc., 101 Mission Street, Suite 1400, San\s+Francisco, CA 94105/,
      );
    }
    expect(text(notices[0]!.document)).not.toContain('John Borrower');
  });

  it.each([
    ['2026-11-24', '2026-11-28'], // Thanksgiving (Thu 26) skipped, Saturday counts
    ['2026-12-31', '2027-01-05'], // New Year's Day and Sunday skipped
  ])('signed %s → deadline %s, as the domain computes', async (transactionDate, deadline) => {
    expect(rescissionDeadline(transactionDate)).toBe(deadline);
    const notice = await generateNoticeOfRightToCancel({
      ...shared,
      transactionDate,
      ownerName: 'Jane Q. Borrower',
    });
    expect(notice.deadline).toBe(deadline);
    const [year, month, day] = deadline.split('-');
    expect(text(notice.document)).toContain(`Midnight of ${month}/${day}/${year}`);
  });

  it('needs at least one owner', async () => {
    await expect(generateNoticesOfRightToCancel({ ...shared, owners: [] })).rejects.toThrow(RangeError);
  });
});

function closingInput(overrides: Partial<TClosingDisclosureInput> = {}): TClosingDisclosureInput {
  return {
    org: MAIN_ORG,
    documentDate: '2026-07-02',
    loanNumber: 'HL-100234',
    borrowers: ['Jane Q. Borrower'],
    propertyAddress: PROPERTY,
    terms: TERMS,
    valuationFeeApplies: false,
    manualNotaryApplies: false,
    ...overrides,
  };
}

describe('closing disclosure', () => {
  it('lists the origination fee and the recording ranges, without optional fees', async () => {
    const document = await generateClosingDisclosure(closingInput());
    await expectValidPdf(document, {
      title: 'HELOC Closing Disclosure',
      minPages: 1,
      maxPages: 3,
      date: '2026-07-02',
    });
    const all = text(document);
    expect(all).toContain('$2,990.00');
    expect(all).toContain('$0.00 to $315.00');
    expect(all).toContain('$0.00 to $1,400.00');
    expect(all).toContain('$97,010.00');
    expect(all).not.toContain('Valuation fee');
    expect(all).not.toContain('Manual notarization fee');
  });

  it('adds the valuation and manual notary fees when they apply', async () => {
    const input = closingInput({ valuationFeeApplies: true, manualNotaryApplies: true });
    const costs = closingCosts(input);
    expect(costs).toEqual({
      knownCents: 2_990_00 + 180_00 + 300_00,
      recordingTaxMinCents: 0,
      recordingTaxMaxCents: 1_400_00,
      totalMinCents: 3_470_00,
      totalMaxCents: 3_470_00 + 315_00 + 1_400_00,
    });
    const all = text(await generateClosingDisclosure(input));
    expect(all).toContain('Valuation fee');
    expect(all).toContain('$180.00');
    expect(all).toContain('Manual notarization fee');
    expect(all).toContain('$300.00');
    expect(all).toContain('$3,470.00 to $5,185.00');
  });

  it('scales recording taxes with the line', () => {
    const costs = closingCosts({
      terms: { ...TERMS, lineAmountCents: 250_000_00, initialDrawCents: 250_000_00 },
      valuationFeeApplies: false,
      manualNotaryApplies: false,
    });
    expect(costs.recordingTaxMaxCents).toBe(3_500_00);
  });
});

function adverseInput(overrides: Partial<TAdverseActionNoticeInput> = {}): TAdverseActionNoticeInput {
  return {
    org: MAIN_ORG,
    noticeDate: '2026-06-16',
    applicationDate: '2026-06-15',
    applicationId: 'HL-100234',
    applicantName: 'Larry Lowscore',
    applicantAddress: PROPERTY,
    reasons: ['CREDIT_SCORE_BELOW_FLOOR', 'DTI_ABOVE_CAP'],
    creditScore: {
      score: 580,
      rangeMin: 300,
      rangeMax: 850,
      scoreDate: '2026-06-15',
      modelName: 'FICO Score 8',
      keyFactors: [
        'Serious delinquency',
        'Proportion of balances to credit limits is too high',
        'Too many accounts with balances',
        'Length of time accounts have been established',
        'Fifth factor that must not be printed',
      ],
    },
    bureau: {
      name: 'Sandbox Credit Bureau',
      address: { street1: 'PO Box 1000', city: 'Testville', state: 'TX', zip: '75001' },
      phone: '(800) 555-0100',
      website: 'https://bureau.example',
    },
    ...overrides,
  };
}

describe('adverse action notice', () => {
  it('states the action, reasons, score, key factors, bureau and FCRA rights; CFPB for a non-credit-union', async () => {
    const document = await generateAdverseActionNotice(adverseInput());
    await expectValidPdf(document, {
      title: 'Notice of Action Taken and Statement of Reasons',
      minPages: 1,
      maxPages: 3,
      date: '2026-06-16',
    });
    const all = text(document);
    expect(all).toMatch(/has been\s+declined/);
    expect(all).toContain(DECLINE_REASON_TEXT.DTI_ABOVE_CAP);
    expect(all).toContain(DECLINE_REASON_TEXT.CREDIT_SCORE_BELOW_FLOOR);
    expect(all).not.toContain(DECLINE_REASON_TEXT.PROPERTY_CONDITION);
    expect(document.lines).toContain('580');
    expect(all).toContain('300 to 850');
    expect(all).toContain('FICO Score 8');
    expect(all).toContain('Serious delinquency');
    expect(all).toContain('Length of time accounts have been established');
    expect(all).not.toContain('Fifth factor');
    expect(all).toContain('Sandbox Credit Bureau');
    expect(all).toContain('PO Box 1000, Testville, TX 75001');
    expect(all).toContain('(800) 555-0100');
    expect(all).toMatch(/60\s+days/);
    expect(all).toMatch(/dispute/);
    expect(all).toContain('06/16/2026');
    expect(all).toMatch(/Consumer Financial Protection Bureau, 1700 G Street NW,\s+Washington, DC 20552/);
    expect(all).not.toContain('National Credit Union Administration');
  });

  it('names the NCUA for a credit union', async () => {
    expect(federalAgencyFor(CREDIT_UNION_ORG).name).toContain('National Credit Union Administration');
    const document = await generateAdverseActionNotice(adverseInput({ org: CREDIT_UNION_ORG }));
    const all = text(document);
    expect(all).toMatch(/National Credit Union\s+Administration/);
    expect(all).not.toContain('Consumer Financial Protection Bureau');
    expect(
      document.lines.some((line) => line.startsWith('Riverbend Federal Credit Union | NMLS #402211')),
    ).toBe(true);
  });

  it('handles a thin file without a score', async () => {
    const input = adverseInput({ reasons: ['NO_CREDIT_SCORE'] });
    const document = await generateAdverseActionNotice({
      ...input,
      creditScore: { ...input.creditScore, score: null, keyFactors: [] },
    });
    expect(text(document)).toContain(DECLINE_REASON_TEXT.NO_CREDIT_SCORE);
    expect(text(document)).toContain('Not available');
  });

  it('has text for every decline reason and needs at least one', async () => {
    await expect(generateAdverseActionNotice(adverseInput({ reasons: [] }))).rejects.toThrow(RangeError);
  });
});

describe('registry', () => {
  it('maps domain document types to generators', async () => {
    for (const type of Object.keys(DOCUMENT_GENERATORS)) expect(DOCUMENT_TYPES).toContain(type);
    const [summary] = await generateDocuments('APPLICATION_SUMMARY', summaryInput());
    expect(summary?.type).toBe('APPLICATION_SUMMARY');
    expect(summary?.ownerName).toBeNull();
    const notices = await generateDocuments('NOTICE_OF_RIGHT_TO_CANCEL', {
      org: MAIN_ORG,
      transactionDate: '2026-07-02',
      loanNumber: 'HL-100234',
      propertyAddress: PROPERTY,
      lineAmountCents: 100_000_00,
      owners: ['Jane Q. Borrower', 'John Borrower'],
    });
    expect(notices.map((notice) => notice.ownerName)).toEqual(['Jane Q. Borrower', 'John Borrower']);
  });
});
