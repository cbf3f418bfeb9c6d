/**
 * The one place that maps an applicant to a sandbox scenario (DESIGN.md §7, fixed: tests and demos
 * depend on it). The applicant's last name, trimmed and case-insensitive, picks the outcome; any
 * other name is the happy path. Every sandbox provider asks here instead of comparing names itself,
 * so a scenario can never be half-implemented in one provider and spelled differently in another.
 */
export const SANDBOX_SCENARIOS = [
  'HAPPY',
  'NOMATCH',
  'FROZEN',
  'PINFROZEN',
  'THINFILE',
  'LOWSCORE',
  'HIGHDEBT',
  'DELINQUENT',
  'NOPROPERTY',
  'MANYPROPERTY',
  'NOTOWNER',
  'NODATATREE',
  'NOAVM',
  'POORCONDITION',
  'ASSETS',
  'PAYSTUB',
  'SELFEMPLOYED',
  'FLOOD',
  'DECLINED',
  'TIMEOUT',
  // Beyond DESIGN.md §7's table: a second lien (an existing HELOC) that is paid off at closing, so the
  // application waits for its payoff statement (PAYOFF_PENDING, payoff/hold) before the closing documents.
  'SECONDLIEN',
] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];

/** Last name (lower case) → scenario: the table of DESIGN.md §7, row by row. */
export const SANDBOX_LAST_NAMES: Readonly<Record<string, Exclude<SandboxScenario, 'HAPPY'>>> = {
  nomatch: 'NOMATCH',
  frozen: 'FROZEN',
  pinfrozen: 'PINFROZEN',
  thinfile: 'THINFILE',
  lowscore: 'LOWSCORE',
  highdebt: 'HIGHDEBT',
  delinquent: 'DELINQUENT',
  noproperty: 'NOPROPERTY',
  manyproperty: 'MANYPROPERTY',
  notowner: 'NOTOWNER',
  nodatatree: 'NODATATREE',
  noavm: 'NOAVM',
  poorcondition: 'POORCONDITION',
  assets: 'ASSETS',
  paystub: 'PAYSTUB',
  selfemployed: 'SELFEMPLOYED',
  flood: 'FLOOD',
  declined: 'DECLINED',
  timeout: 'TIMEOUT',
  secondlien: 'SECONDLIEN',
};

/** The scenario of an applicant; a missing or unknown last name is the happy path. */
export function scenarioForLastName(lastName: string | null | undefined): SandboxScenario {
  const key = (lastName ?? '').trim().toLowerCase();
  return Object.hasOwn(SANDBOX_LAST_NAMES, key) ? (SANDBOX_LAST_NAMES[key] ?? 'HAPPY') : 'HAPPY';
}

/**
 * The numbers of the sandbox (money in integer cents). The happy path is DESIGN.md §7's first
 * paragraph; the monthly debts are chosen so the scenario DTIs come out exactly: on $150,000/yr
 * ($12,500/month) the happy path's $2,430/month is 19.44%, Highdebt's $7,750/month is 62.00%.
 */
export const SANDBOX_VALUES = {
  ficoScore: 760,
  lowFicoScore: 580,
  avmValueCents: 65_000_000,
  existingLienCents: 25_000_000,
  existingLienMonthlyPaymentCents: 180_000,
  /** Secondlien: the existing home equity line in second position, paid off at closing. */
  secondLienCents: 4_000_000,
  secondLienMonthlyPaymentCents: 40_000,
  annualIncomeCents: 15_000_000,
  /** Paystub: what the bank link could verify before the paystub upload completes it. */
  partialAnnualIncomeCents: 9_000_000,
  /** Assets: balances the bank link sees (asset depletion qualifies on these instead of income). */
  assetsBalanceCents: 120_000_000,
  /** Assets: the bureau's income estimate, below any stated income of the tests and demos. */
  assetsEstimatedAnnualIncomeCents: 5_000_000,
  happyMonthlyDebtCents: 243_000,
  highDebtMonthlyDebtCents: 775_000,
  highDebtDtiBps: 6_200,
  /** Freeze PIN that unlocks Pinfrozen. */
  creditFreezePin: '1234',
  /** SSN ending that turns Nomatch into "no credit" after the SSN retry. */
  noCreditSsnSuffix: '0000',
  /** Bank account ending that the bank account check sends to manual review. */
  pendingReviewAccountSuffix: '0000',
} as const;
