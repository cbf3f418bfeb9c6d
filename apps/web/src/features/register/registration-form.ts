/**
 * The registration form as data (spec 1 §4 "Registration steps", §5): its fields, the step each one
 * sits on, what is required, and the validation — the domain's registration schema (the one the server
 * enforces) plus the form-only rules ("Required" for any empty required field, the typed date and dollar
 * formats, the licensed states). Field keys are the request body's paths, so server errors
 * (`body.property.state`) land on their field without a lookup table.
 */
import {
  parseDollarsToCents,
  displayDateToIso,
  passwordProblem,
  REGISTRATION_STEPS,
  REQUIRED_MESSAGE,
  US_STATES,
  VALIDATION_MESSAGES,
  ZRegistrationRequest,
} from '@heloc/domain';
import type { TRegistrationRequest, TRegistrationStep, UsStateCode } from '@heloc/domain';

export const TEXT_FIELDS = [
  'property.street1',
  'property.street2',
  'property.city',
  'property.state',
  'property.zip',
  'saleStatus',
  'income.employmentType',
  'income.annualIncome',
  'name.firstName',
  'name.middleName',
  'name.lastName',
  'name.suffix',
  'dob',
  'email',
  'phoneNumber',
  'password',
] as const;
export type RegisterTextField = (typeof TEXT_FIELDS)[number];
export type RegisterField = RegisterTextField | 'acceptedTerms';

/** Every field in the order the form shows them (the first invalid one gets the focus). */
export const FIELD_ORDER: readonly RegisterField[] = [
  ...TEXT_FIELDS.slice(0, -1),
  'password',
  'acceptedTerms',
];

export type RegisterValues = Record<RegisterTextField, string> & { acceptedTerms: boolean };
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export const FIELD_STEP: Record<RegisterField, TRegistrationStep> = {
  'property.street1': 'property',
  'property.street2': 'property',
  'property.city': 'property',
  'property.state': 'property',
  'property.zip': 'property',
  saleStatus: 'property',
  'income.employmentType': 'income',
  'income.annualIncome': 'income',
  'name.firstName': 'personal',
  'name.middleName': 'personal',
  'name.lastName': 'personal',
  'name.suffix': 'personal',
  dob: 'personal',
  email: 'contact',
  phoneNumber: 'contact',
  password: 'login',
  acceptedTerms: 'login',
};

const OPTIONAL_FIELDS: ReadonlySet<RegisterField> = new Set([
  'property.street2',
  'name.middleName',
  'name.suffix',
]);

export function isRequiredField(field: RegisterField): boolean {
  return !OPTIONAL_FIELDS.has(field);
}

export function emptyValues(): RegisterValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<
    RegisterTextField,
    string
  >;
  return { ...values, acceptedTerms: false };
}

/** The DOM id of a field's input (the first radio of a radio group), for focus and scrolling. */
export function fieldId(field: RegisterField): string {
  return `register-${field.replace('.', '-')}`;
}

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

/** Contact Info is skipped when e-mail and phone already exist (a partner's lead brings them). */
export function visibleSteps(skipContact: boolean): TRegistrationStep[] {
  return REGISTRATION_STEPS.filter((step) => !(skipContact && step === 'contact'));
}

/** The step the `step` query value names; unknown or missing → the first, a skipped one → the next shown. */
export function resolveStep(value: string | null, steps: readonly TRegistrationStep[]): TRegistrationStep {
  const first = steps[0] ?? 'property';
  const index = REGISTRATION_STEPS.indexOf(value as TRegistrationStep);
  if (index === -1) return first;
  return REGISTRATION_STEPS.slice(index).find((step) => steps.includes(step)) ?? first;
}

export function fieldsOfStep(step: TRegistrationStep): RegisterField[] {
  return FIELD_ORDER.filter((field) => FIELD_STEP[field] === step);
}

export function errorsOfStep(errors: RegisterErrors, step: TRegistrationStep): RegisterErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => FIELD_STEP[field as RegisterField] === step),
  ) as RegisterErrors;
}

/** The first invalid field in form order among the shown steps, or null. */
export function firstInvalidField(
  errors: RegisterErrors,
  steps: readonly TRegistrationStep[],
): RegisterField | null {
  return FIELD_ORDER.find((field) => errors[field] && steps.includes(FIELD_STEP[field])) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Conversion and validation
// ---------------------------------------------------------------------------------------------

export const INCOME_FORMAT_MESSAGE = 'Enter a dollar amount, e.g. 85,000';

/** "85,000" or "$85000.50" → cents; anything else → null (the domain's parser). */
export const dollarsToCents = parseDollarsToCents;

export interface RegistrationContext {
  /** The organisation's licensed states: the only ones the state field offers. */
  licensedStates: readonly string[];
  companyName: string;
  /** Referring loan originator (query parameter `referrer`). */
  referrer?: string | undefined;
  /** utm_source=cloc: a crypto HELOC. */
  isCrypto?: boolean;
}

const blank = (value: string) => value.trim() === '';
const orUndefined = (value: string) => (blank(value) ? undefined : value);

/** The request body as the schema takes it; unparseable typed values pass as they are, to fail there. */
export function toRegistrationInput(values: RegisterValues, context: RegistrationContext): unknown {
  const cents = dollarsToCents(values['income.annualIncome']);
  return {
    property: {
      street1: values['property.street1'],
      street2: orUndefined(values['property.street2']),
      city: values['property.city'],
      state: values['property.state'],
      zip: values['property.zip'],
    },
    saleStatus: orUndefined(values.saleStatus),
    income: {
      employmentType: orUndefined(values['income.employmentType']),
      annualIncomeCents: cents ?? undefined,
    },
    name: {
      firstName: values['name.firstName'],
      middleName: orUndefined(values['name.middleName']),
      lastName: values['name.lastName'],
      suffix: orUndefined(values['name.suffix']),
    },
    dob: displayDateToIso(values.dob) ?? values.dob,
    email: values.email,
    phoneNumber: values.phoneNumber,
    password: values.password,
    acceptedTerms: values.acceptedTerms,
    ...(context.referrer ? { referrer: context.referrer } : {}),
    ...(context.isCrypto ? { isCrypto: true } : {}),
  };
}

/** A request body path (as the schema or the server names it) → the form field showing it. */
export function fieldOfPath(path: string): RegisterField | null {
  const normalised = path
    .replace(/^body\.?/, '')
    .replace(/^income\.annualIncomeCents$/, 'income.annualIncome');
  if ((FIELD_ORDER as readonly string[]).includes(normalised)) return normalised as RegisterField;
  // A whole object missing ("property") shows on its first field.
  if (normalised) return FIELD_ORDER.find((field) => field.startsWith(`${normalised}.`)) ?? null;
  return null;
}

/** Every field's message (one per field), or an empty object when the form is complete and valid. */
export function validateRegistration(values: RegisterValues, context: RegistrationContext): RegisterErrors {
  const errors: RegisterErrors = {};
  const parsed = ZRegistrationRequest.safeParse(toRegistrationInput(values, context));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }

  // Form-only rules, which win over the schema's wording for the same field.
  const dob = values.dob.trim();
  if (dob && displayDateToIso(dob) === null) errors.dob = VALIDATION_MESSAGES.invalidDate;
  const income = values['income.annualIncome'];
  if (!blank(income) && dollarsToCents(income) === null)
    errors['income.annualIncome'] = INCOME_FORMAT_MESSAGE;
  const state = values['property.state'].trim().toUpperCase();
  if (state && !context.licensedStates.includes(state)) {
    const name = US_STATES[state as UsStateCode] ?? state;
    errors['property.state'] = `${context.companyName} can't finance homes in ${name}`;
  }
  // The object-level password rule runs only once every other field parses; check it on its own.
  const password = passwordProblem(values.password, values.email.trim());
  if (password) errors.password = password;
  else delete errors.password;
  if (!values.acceptedTerms) errors.acceptedTerms = REQUIRED_MESSAGE;

  for (const field of FIELD_ORDER) {
    if (field === 'acceptedTerms' || !isRequiredField(field)) continue;
    if (blank(values[field])) errors[field] = REQUIRED_MESSAGE;
  }
  return errors;
}

/** The request body of a valid form (call after `validateRegistration` found nothing). */
export function toRegistrationRequest(
  values: RegisterValues,
  context: RegistrationContext,
): TRegistrationRequest {
  return ZRegistrationRequest.parse(toRegistrationInput(values, context));
}
