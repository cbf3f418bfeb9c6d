/** The LAR row edits on income, purchaser, HOEPA, lien, credit score, denial reasons, CLTV, property value and the line's flags (V654 to V704). */
import { DENIED, isNumber, oneOf, type LarEdit } from './shared';

export const LAR_UNDERWRITING_EDITS: readonly LarEdit[] = [
  {
    id: 'V654-1',
    fields: ['income'],
    message: 'Income must be a whole number (thousands) or NA',
    passes: (lar) => lar.income === 'NA' || /^-?\d+$/.test(lar.income),
  },
  {
    id: 'V656-1',
    fields: ['purchaserType'],
    message: 'Type of purchaser must be 0, 1, 2, 3, 4, 5, 6, 71, 72, 8 or 9',
    passes: (lar) => oneOf('0', '1', '2', '3', '4', '5', '6', '71', '72', '8', '9')(lar.purchaserType),
  },
  {
    id: 'V658-1',
    fields: ['hoepaStatus'],
    message: 'HOEPA status must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.hoepaStatus),
  },
  {
    id: 'V658-2',
    fields: ['hoepaStatus', 'actionTaken'],
    message: 'HOEPA status must be 3 unless the loan was originated or purchased',
    passes: (lar) => !['2', '3', '4', '5', '7', '8'].includes(lar.actionTaken) || lar.hoepaStatus === '3',
  },
  {
    id: 'V659',
    fields: ['lienStatus'],
    message: 'Lien status must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.lienStatus),
  },
  {
    id: 'V660-1',
    fields: ['creditScore'],
    message: 'The credit score must be a number',
    passes: (lar) => /^\d+$/.test(lar.creditScore),
  },
  {
    id: 'V661',
    fields: ['creditScore', 'creditScoreModel'],
    message: 'Credit score 8888 and scoring model 9 (not applicable) go together',
    passes: (lar) => (lar.creditScore === '8888') === (lar.creditScoreModel === '9'),
  },
  {
    id: 'V662-1',
    fields: ['creditScoreModel', 'creditScoreModelOther'],
    message: 'Scoring model 8 (other) needs its name, and only 8 has one',
    passes: (lar) => (lar.creditScoreModel === '8') === (lar.creditScoreModelOther.trim() !== ''),
  },
  {
    id: 'V663',
    fields: ['actionTaken', 'creditScore', 'creditScoreModel'],
    message: 'A withdrawn or closed application reports credit score 8888 and model 9',
    passes: (lar) =>
      !['4', '5', '6'].includes(lar.actionTaken) ||
      (lar.creditScore === '8888' && lar.creditScoreModel === '9' && lar.creditScoreModelOther === ''),
  },
  {
    id: 'V669-1',
    fields: ['denialReason1'],
    message: 'Reason for denial 1 must be 1 to 10',
    passes: (lar) => oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9', '10')(lar.denialReason1),
  },
  {
    id: 'V669-2',
    fields: ['denialReason2', 'denialReason3', 'denialReason4'],
    message: 'Reasons for denial 2–4 must be blank or 1 to 9',
    passes: (lar) =>
      [lar.denialReason2, lar.denialReason3, lar.denialReason4].every(
        oneOf('', '1', '2', '3', '4', '5', '6', '7', '8', '9'),
      ),
  },
  {
    id: 'V669-3',
    fields: ['denialReason1', 'denialReason2', 'denialReason3', 'denialReason4'],
    message: 'A reason for denial is reported twice',
    passes: (lar) => {
      const values = [lar.denialReason1, lar.denialReason2, lar.denialReason3, lar.denialReason4].filter(
        Boolean,
      );
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V669-4',
    fields: ['denialReason1', 'denialReason2'],
    message: 'With reason 1 "not applicable", reasons 2–4 must be blank',
    passes: (lar) =>
      lar.denialReason1 !== '10' ||
      [lar.denialReason2, lar.denialReason3, lar.denialReason4].every((v) => v === ''),
  },
  {
    id: 'V670-1',
    fields: ['actionTaken', 'denialReason1'],
    message: 'A denied application needs a reason for denial',
    passes: (lar) =>
      !DENIED.includes(lar.actionTaken) ||
      oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9')(lar.denialReason1),
  },
  {
    id: 'V670-2',
    fields: ['actionTaken', 'denialReason1'],
    message: 'Only a denied application has a reason for denial',
    passes: (lar) =>
      !oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9')(lar.denialReason1) ||
      DENIED.includes(lar.actionTaken),
  },
  {
    id: 'V671-1',
    fields: ['denialReasonOther'],
    message: 'Reason for denial 9 (other) needs its words, and only 9 has them',
    passes: (lar) =>
      [lar.denialReason1, lar.denialReason2, lar.denialReason3, lar.denialReason4].includes('9') ===
      (lar.denialReasonOther.trim() !== ''),
  },
  {
    id: 'V681-1',
    fields: ['combinedLoanToValueRatio'],
    message: 'The CLTV must be a number greater than 0, NA or Exempt',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.combinedLoanToValueRatio) ||
      (isNumber(lar.combinedLoanToValueRatio) && Number(lar.combinedLoanToValueRatio) > 0),
  },
  {
    id: 'V688-1',
    fields: ['propertyValue'],
    message: 'The property value must be a number greater than 0, NA or Exempt',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.propertyValue) ||
      (isNumber(lar.propertyValue) && Number(lar.propertyValue) > 0),
  },
  {
    id: 'V693-1',
    fields: ['submissionOfApplication'],
    message: 'Submission of application must be 1, 2, 3 or 1111',
    passes: (lar) => oneOf('1', '2', '3', '1111')(lar.submissionOfApplication),
  },
  {
    id: 'V699',
    fields: ['reverseMortgage'],
    message: 'Reverse mortgage must be 1, 2 or 1111',
    passes: (lar) => oneOf('1', '2', '1111')(lar.reverseMortgage),
  },
  {
    id: 'V704-1',
    fields: ['openEndLineOfCredit'],
    message: 'Open-end line of credit must be 1, 2 or 1111',
    passes: (lar) => oneOf('1', '2', '1111')(lar.openEndLineOfCredit),
  },
];
