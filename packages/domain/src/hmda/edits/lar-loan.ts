/** The LAR row edits on the record, the loan, its action and the property's address (S300 to V625). */
import { isValidUli, ULI_MAX_LENGTH, ULI_MIN_LENGTH } from '../uli';
import { STATES, isDate, isZip, oneOf, type LarEdit } from './shared';

export const LAR_LOAN_EDITS: readonly LarEdit[] = [
  {
    id: 'S300',
    fields: ['recordIdentifier'],
    message: 'A LAR row has record identifier 2',
    passes: (lar) => lar.recordIdentifier === '2',
  },
  {
    id: 'S301',
    fields: ['lei'],
    message: "The LEI must be the transmittal sheet's",
    passes: (lar, { ts }) => lar.lei.toLowerCase() === ts.lei.toLowerCase(),
  },
  {
    id: 'V600',
    fields: ['lei'],
    message: 'The LEI must be 20 characters',
    passes: (lar) => lar.lei.length === 20,
  },
  {
    id: 'V608-1',
    fields: ['uli'],
    message: `A ULI must be ${ULI_MIN_LENGTH}–${ULI_MAX_LENGTH} letters and digits`,
    passes: (lar) =>
      lar.uli.length < ULI_MIN_LENGTH || (/^[0-9A-Za-z]+$/.test(lar.uli) && lar.uli.length <= ULI_MAX_LENGTH),
  },
  {
    id: 'V609',
    fields: ['uli'],
    message: 'The ULI check digits are wrong',
    passes: (lar) => lar.uli.length <= 22 || isValidUli(lar.uli),
  },
  {
    id: 'V610-1',
    fields: ['applicationDate'],
    message: 'The application date must be a date YYYYMMDD or NA',
    passes: (lar) => isDate(lar.applicationDate) || lar.applicationDate === 'NA',
  },
  {
    id: 'V611',
    fields: ['loanType'],
    message: 'Loan type must be 1, 2, 3 or 4',
    passes: (lar) => oneOf('1', '2', '3', '4')(lar.loanType),
  },
  {
    id: 'V612-1',
    fields: ['loanPurpose'],
    message: 'Loan purpose must be 1, 2, 31, 32, 4 or 5',
    passes: (lar) => oneOf('1', '2', '31', '32', '4', '5')(lar.loanPurpose),
  },
  {
    id: 'V613-1',
    fields: ['preapproval'],
    message: 'Preapproval must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.preapproval),
  },
  {
    id: 'V613-3',
    fields: ['actionTaken', 'preapproval'],
    message: 'A denied, withdrawn or closed application cannot have requested a preapproval',
    passes: (lar) => !['3', '4', '5', '6'].includes(lar.actionTaken) || lar.preapproval === '2',
  },
  {
    id: 'V614-4',
    fields: ['openEndLineOfCredit', 'preapproval'],
    message: 'An open-end line of credit cannot be a preapproval request',
    passes: (lar) => lar.openEndLineOfCredit !== '1' || lar.preapproval === '2',
  },
  {
    id: 'V615-1',
    fields: ['constructionMethod'],
    message: 'Construction method must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.constructionMethod),
  },
  {
    id: 'V616',
    fields: ['occupancyType'],
    message: 'Occupancy type must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.occupancyType),
  },
  {
    id: 'V617',
    fields: ['loanAmount'],
    message: 'The loan amount must be a number of dollars',
    passes: (lar) => /^\d+$/.test(lar.loanAmount) && Number(lar.loanAmount) >= 0,
  },
  {
    id: 'V618',
    fields: ['actionTaken'],
    message: 'Action taken must be 1 to 8',
    passes: (lar) => oneOf('1', '2', '3', '4', '5', '6', '7', '8')(lar.actionTaken),
  },
  {
    id: 'V619-1',
    fields: ['actionTakenDate'],
    message: 'The action taken date must be a date YYYYMMDD',
    passes: (lar) => isDate(lar.actionTakenDate),
  },
  {
    id: 'V619-2',
    fields: ['actionTakenDate'],
    message: 'The action taken date must be in the reporting year',
    passes: (lar, { period }) => lar.actionTakenDate.slice(0, 4) === String(period.year),
  },
  {
    id: 'V619-3',
    fields: ['actionTakenDate', 'applicationDate'],
    message: 'The action taken date cannot be before the application date',
    passes: (lar) =>
      lar.applicationDate === 'NA' ||
      lar.actionTaken === '6' ||
      Number(lar.actionTakenDate) >= Number(lar.applicationDate),
  },
  {
    id: 'V620',
    fields: ['street'],
    message: 'The street address must be present',
    passes: (lar) => lar.street.trim() !== '',
  },
  {
    id: 'V621',
    fields: ['city'],
    message: 'The city must be present',
    passes: (lar) => lar.city.trim() !== '',
  },
  {
    id: 'V622',
    fields: ['street', 'city', 'state', 'zipCode'],
    message: 'With a street address, city, state and ZIP code cannot be NA',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.street) || ![lar.city, lar.state, lar.zipCode].includes('NA'),
  },
  {
    id: 'V623',
    fields: ['state'],
    message: 'The state must be a US state code or NA',
    passes: (lar) => lar.state === 'NA' || STATES.has(lar.state),
  },
  {
    id: 'V624',
    fields: ['zipCode'],
    message: 'The ZIP code must be 99999, 99999-9999, NA or Exempt',
    passes: (lar) => ['NA', 'Exempt'].includes(lar.zipCode) || isZip(lar.zipCode),
  },
  {
    id: 'V625-1',
    fields: ['censusTract'],
    message: 'The census tract must be 11 digits or NA',
    passes: (lar) => lar.censusTract.toUpperCase() === 'NA' || /^\d{11}$/.test(lar.censusTract),
  },
];
