/**
 * The 110 fields of a HMDA LAR row (the CFPB's filing instructions guide, 2018 onward), in file
 * order: the key this code uses, the official name, and where the platform's value comes from (or
 * why it is NA). The README's "HMDA LAR" table is this list.
 */
export const LAR_FIELDS = [
  ['recordIdentifier', 'Record Identifier', '2 (a LAR row)'],
  ['lei', 'Legal Entity Identifier (LEI)', 'organisation settings `orgMetaData.hmda.lei`'],
  ['uli', 'Universal Loan Identifier (ULI)', 'LEI + loan number + ISO 7064 MOD 97-10 check digits'],
  [
    'applicationDate',
    'Application Date',
    'the day the borrower submitted (`submitted_at`), else the day the application was created, YYYYMMDD',
  ],
  ['loanType', 'Loan Type', '1 conventional (the platform offers no FHA/VA/RHS lines)'],
  ['loanPurpose', 'Loan Purpose', '4 other purpose: the application does not ask what the line is for'],
  ['preapproval', 'Preapproval', '2 not requested (no preapproval program for open-end lines, edit V614-4)'],
  [
    'constructionMethod',
    'Construction Method',
    '1 site-built: the platform does not record it and the field has no NA code; check before filing',
  ],
  [
    'occupancyType',
    'Occupancy Type',
    '1 principal residence: registration asks for the home the borrower lives in',
  ],
  [
    'loanAmount',
    'Loan Amount',
    'the line in whole dollars: the selected line, else the maximum line calculated, else the amount requested',
  ],
  [
    'actionTaken',
    'Action Taken',
    'the final step: COMPLETE 1 originated, DECLINED 3 denied, CANCELLED by the borrower 4 withdrawn, by staff or the system 5 closed for incompleteness',
  ],
  [
    'actionTakenDate',
    'Action Taken Date',
    'the day of the step change into the final step (audit trail), YYYYMMDD',
  ],
  ['street', 'Street Address', 'the property (`profile_addresses.street1`)'],
  ['city', 'City', 'the property'],
  ['state', 'State', 'the property'],
  ['zipCode', 'ZIP Code', 'the property'],
  ['county', 'County', 'NA: the platform does not geocode addresses to FIPS counties'],
  ['censusTract', 'Census Tract', 'NA: the platform does not geocode addresses to census tracts'],
  [
    'ethnicity1',
    'Ethnicity of Applicant or Borrower: 1',
    'the HMDA step: 1 Hispanic or Latino, 2 not Hispanic or Latino, 3 not provided (declined or never asked)',
  ],
  ['ethnicity2', 'Ethnicity of Applicant or Borrower: 2', 'the second answer, else blank'],
  ['ethnicity3', 'Ethnicity of Applicant or Borrower: 3', 'blank (the step offers two ethnicities)'],
  ['ethnicity4', 'Ethnicity of Applicant or Borrower: 4', 'blank'],
  ['ethnicity5', 'Ethnicity of Applicant or Borrower: 5', 'blank'],
  [
    'ethnicityOther',
    'Ethnicity of Applicant or Borrower: Free Form Text Field for Other Hispanic or Latino',
    'blank (the step has no sub-categories)',
  ],
  [
    'coEthnicity1',
    'Ethnicity of Co-Applicant or Co-Borrower: 1',
    '5 no co-applicant (co-owners sign the deed, they do not apply)',
  ],
  ['coEthnicity2', 'Ethnicity of Co-Applicant or Co-Borrower: 2', 'blank'],
  ['coEthnicity3', 'Ethnicity of Co-Applicant or Co-Borrower: 3', 'blank'],
  ['coEthnicity4', 'Ethnicity of Co-Applicant or Co-Borrower: 4', 'blank'],
  ['coEthnicity5', 'Ethnicity of Co-Applicant or Co-Borrower: 5', 'blank'],
  [
    'coEthnicityOther',
    'Ethnicity of Co-Applicant or Co-Borrower: Free Form Text Field for Other Hispanic or Latino',
    'blank',
  ],
  [
    'ethnicityObserved',
    'Ethnicity of Applicant or Borrower Collected on the Basis of Visual Observation or Surname',
    '2 not collected that way: applications are online only (HMDA_STATEMENT)',
  ],
  [
    'coEthnicityObserved',
    'Ethnicity of Co-Applicant or Co-Borrower Collected on the Basis of Visual Observation or Surname',
    '4 no co-applicant',
  ],
  [
    'race1',
    'Race of Applicant or Borrower: 1',
    'the HMDA step: 1 American Indian or Alaska Native, 2 Asian, 3 Black or African American, 4 Native Hawaiian or Other Pacific Islander, 5 White, 6 not provided',
  ],
  ['race2', 'Race of Applicant or Borrower: 2', 'the next answer, else blank'],
  ['race3', 'Race of Applicant or Borrower: 3', 'the next answer, else blank'],
  ['race4', 'Race of Applicant or Borrower: 4', 'the next answer, else blank'],
  ['race5', 'Race of Applicant or Borrower: 5', 'the next answer, else blank'],
  [
    'raceTribe',
    'Race of Applicant or Borrower: Free Form Text Field for American Indian or Alaska Native Enrolled or Principal Tribe',
    'blank (not asked)',
  ],
  [
    'raceOtherAsian',
    'Race of Applicant or Borrower: Free Form Text Field for Other Asian',
    'blank (not asked)',
  ],
  [
    'raceOtherPacificIslander',
    'Race of Applicant or Borrower: Free Form Text Field for Other Pacific Islander',
    'blank (not asked)',
  ],
  ['coRace1', 'Race of Co-Applicant or Co-Borrower: 1', '8 no co-applicant'],
  ['coRace2', 'Race of Co-Applicant or Co-Borrower: 2', 'blank'],
  ['coRace3', 'Race of Co-Applicant or Co-Borrower: 3', 'blank'],
  ['coRace4', 'Race of Co-Applicant or Co-Borrower: 4', 'blank'],
  ['coRace5', 'Race of Co-Applicant or Co-Borrower: 5', 'blank'],
  [
    'coRaceTribe',
    'Race of Co-Applicant or Co-Borrower: Free Form Text Field for American Indian or Alaska Native Enrolled or Principal Tribe',
    'blank',
  ],
  ['coRaceOtherAsian', 'Race of Co-Applicant or Co-Borrower: Free Form Text Field for Other Asian', 'blank'],
  [
    'coRaceOtherPacificIslander',
    'Race of Co-Applicant or Co-Borrower: Free Form Text Field for Other Pacific Islander',
    'blank',
  ],
  [
    'raceObserved',
    'Race of Applicant or Borrower Collected on the Basis of Visual Observation or Surname',
    '2 not collected that way (online)',
  ],
  [
    'coRaceObserved',
    'Race of Co-Applicant or Co-Borrower Collected on the Basis of Visual Observation or Surname',
    '4 no co-applicant',
  ],
  ['sex', 'Sex of Applicant or Borrower', 'the HMDA step: 1 male, 2 female, 6 both chosen, 3 not provided'],
  ['coSex', 'Sex of Co-Applicant or Co-Borrower', '5 no co-applicant'],
  [
    'sexObserved',
    'Sex of Applicant or Borrower Collected on the Basis of Visual Observation or Surname',
    '2 not collected that way (online)',
  ],
  [
    'coSexObserved',
    'Sex of Co-Applicant or Co-Borrower Collected on the Basis of Visual Observation or Surname',
    '4 no co-applicant',
  ],
  [
    'age',
    'Age of Applicant or Borrower',
    "years on the application date, from the profile's date of birth; 8888 when there is none",
  ],
  ['coAge', 'Age of Co-Applicant or Co-Borrower', '9999 no co-applicant'],
  ['income', 'Income', 'the stated annual income in thousands of dollars, rounded; NA when none was given'],
  ['purchaserType', 'Type of Purchaser', '0 not applicable (the platform sells no loans)'],
  [
    'rateSpread',
    'Rate Spread',
    'NA: the platform holds no APOR table; for originated lines compute it with the FFIEC rate spread calculator before filing',
  ],
  [
    'hoepaStatus',
    'HOEPA Status',
    '2 not high-cost for originated lines (pricing caps APR and fees; the HOEPA test is not run), 3 not applicable otherwise',
  ],
  [
    'lienStatus',
    'Lien Status',
    '2 subordinate when the application has an existing lien (`application_liens`), else 1',
  ],
  [
    'creditScore',
    'Credit Score of Applicant or Borrower',
    'the newest bureau score relied on (audit data `score`); 8888 when withdrawn, closed or without a score',
  ],
  ['coCreditScore', 'Credit Score of Co-Applicant or Co-Borrower', '9999 no co-applicant'],
  [
    'creditScoreModel',
    'Applicant or Borrower, Name and Version of Credit Scoring Model',
    "8 other (the bureau provider's FICO score, named in the next field); 9 not applicable with 8888",
  ],
  [
    'creditScoreModelOther',
    'Applicant or Borrower, Name and Version of Credit Scoring Model: Conditional Free Form Text Field for Code 8',
    '"FICO Score (credit bureau provider)" with code 8, else blank',
  ],
  [
    'coCreditScoreModel',
    'Co-Applicant or Co-Borrower, Name and Version of Credit Scoring Model',
    '10 no co-applicant',
  ],
  [
    'coCreditScoreModelOther',
    'Co-Applicant or Co-Borrower, Name and Version of Credit Scoring Model: Conditional Free Form Text Field for Code 8',
    'blank',
  ],
  [
    'denialReason1',
    'Reason for Denial: 1',
    "denied: the decline's reasons (Regulation B codes of a staff decline, the engine's own of an automatic one) mapped by HMDA_DENIAL_CODES; 10 not applicable otherwise",
  ],
  ['denialReason2', 'Reason for Denial: 2', 'the next distinct code, else blank'],
  ['denialReason3', 'Reason for Denial: 3', 'the next distinct code, else blank'],
  ['denialReason4', 'Reason for Denial: 4', 'the next distinct code, else blank'],
  [
    'denialReasonOther',
    'Reason for Denial: Conditional Free Form Text Field for Code 9',
    'the words of the reasons mapped to 9 (other), else blank',
  ],
  ['totalLoanCosts', 'Total Loan Costs', 'NA: open-end lines are not subject to the TRID closing disclosure'],
  ['totalPointsAndFees', 'Total Points and Fees', 'NA (open-end line, not reported for HELOCs)'],
  ['originationCharges', 'Origination Charges', 'NA: open-end line (no closing disclosure)'],
  ['discountPoints', 'Discount Points', 'NA: open-end line'],
  ['lenderCredits', 'Lender Credits', 'NA: open-end line'],
  [
    'interestRate',
    'Interest Rate',
    "the selected offer's rate (`rate_bps` / 100) for originated lines; NA otherwise",
  ],
  ['prepaymentPenaltyTerm', 'Prepayment Penalty Term', 'NA: the product has no prepayment penalty'],
  [
    'debtToIncomeRatio',
    'Debt-to-Income Ratio',
    'the underwriting DTI relied on (audit data `dtiBps` / 100) when originated or denied; NA when withdrawn or closed',
  ],
  [
    'combinedLoanToValueRatio',
    'Combined Loan-to-Value Ratio',
    'the underwriting CLTV (audit data `cltvBps` / 100) when originated or denied; NA when withdrawn or closed',
  ],
  ['loanTerm', 'Loan Term', "the selected offer's term in months; NA when none was chosen"],
  ['introductoryRatePeriod', 'Introductory Rate Period', 'NA: the product has no introductory rate'],
  ['balloonPayment', 'Balloon Payment', '2 no balloon payment'],
  ['interestOnlyPayments', 'Interest-Only Payments', '2 no interest-only payments (the product amortises)'],
  ['negativeAmortization', 'Negative Amortization', '2 no negative amortisation'],
  ['otherNonAmortizingFeatures', 'Other Non-amortizing Features', '2 none'],
  [
    'propertyValue',
    'Property Value',
    'the valuation relied on (audit data `valueCents`) in whole dollars; NA when there was none',
  ],
  [
    'manufacturedHomeSecuredPropertyType',
    'Manufactured Home Secured Property Type',
    '3 not applicable (site-built)',
  ],
  [
    'manufacturedHomeLandPropertyInterest',
    'Manufactured Home Land Property Interest',
    '5 not applicable (site-built)',
  ],
  [
    'totalUnits',
    'Total Units',
    '1: the platform lends on single-family homes and does not record units; check before filing',
  ],
  ['multifamilyAffordableUnits', 'Multifamily Affordable Units', 'NA (not a multifamily property)'],
  [
    'submissionOfApplication',
    'Submission of Application',
    "1 submitted directly to the institution (the lender's own site)",
  ],
  [
    'initiallyPayableToInstitution',
    'Initially Payable to Your Institution',
    '1 yes for originated lines, 3 not applicable otherwise',
  ],
  [
    'nmlsrId',
    'Mortgage Loan Originator NMLSR Identifier',
    "the referring loan officer's NMLS number (`loan_originators.nmls`); NA when there is none",
  ],
  [
    'aus1',
    'Automated Underwriting System: 1',
    "5 other: the platform's own underwriting engine decided (named in field 101)",
  ],
  ['aus2', 'Automated Underwriting System: 2', 'blank'],
  ['aus3', 'Automated Underwriting System: 3', 'blank'],
  ['aus4', 'Automated Underwriting System: 4', 'blank'],
  ['aus5', 'Automated Underwriting System: 5', 'blank'],
  [
    'ausOther',
    'Automated Underwriting System: Conditional Free Form Text Field for Code 5',
    '"Platform underwriting engine"',
  ],
  [
    'ausResult1',
    'Automated Underwriting System Result: 1',
    "16 other (the engine's own result, named in field 107)",
  ],
  ['ausResult2', 'Automated Underwriting System Result: 2', 'blank'],
  ['ausResult3', 'Automated Underwriting System Result: 3', 'blank'],
  ['ausResult4', 'Automated Underwriting System Result: 4', 'blank'],
  ['ausResult5', 'Automated Underwriting System Result: 5', 'blank'],
  [
    'ausResultOther',
    'Automated Underwriting System Result: Conditional Free Form Text Field for Code 16',
    'the engine\'s decision (`uw_decision`, e.g. APPROVED, DECLINE), "Not decided" when it made none',
  ],
  ['reverseMortgage', 'Reverse Mortgage', '2 not a reverse mortgage'],
  ['openEndLineOfCredit', 'Open-End Line of Credit', '1 open-end line of credit'],
  [
    'businessOrCommercialPurpose',
    'Business or Commercial Purpose',
    '2 not primarily for a business purpose (consumer HELOC)',
  ],
] as const;

export type TLarFieldKey = (typeof LAR_FIELDS)[number][0];
/** A LAR row: every field as the text written to the file. */
export type TLarRow = Record<TLarFieldKey, string>;
export const LAR_FIELD_KEYS: readonly TLarFieldKey[] = LAR_FIELDS.map(([key]) => key);
export const LAR_FIELD_NAMES = Object.fromEntries(LAR_FIELDS.map(([key, name]) => [key, name])) as Record<
  TLarFieldKey,
  string
>;
/** The 1-based field number of a key (the filing instructions' numbering). */
export function larFieldNumber(key: TLarFieldKey): number {
  return LAR_FIELD_KEYS.indexOf(key) + 1;
}
