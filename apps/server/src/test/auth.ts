/** Signing in from tests exactly as the browser does: token header plus fingerprint cookie. */
import type { FastifyInstance } from 'fastify';
import type { TRegistrationInput } from '@heloc/domain';

export type Credentials = { authorization: string; cookie: string };

function fromResponse(
  res: { json(): unknown; cookies: { name: string; value: string }[] },
  jwt: string,
  app: FastifyInstance,
): Credentials {
  const fingerprint = res.cookies.find((c) => c.name === app.fingerprintCookie);
  if (!fingerprint) throw new Error('no fingerprint cookie in the sign-in answer');
  return { authorization: `Bearer ${jwt}`, cookie: `${fingerprint.name}=${fingerprint.value}` };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Credentials> {
  const res = await app.inject({
    method: 'POST',
    url: '/identity/api/v1/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return fromResponse(res, (res.json() as { jwt: string }).jwt, app);
}

let counter = 0;

/** A valid registration body; override any part. E-mails are unique per call. */
export function registrationBody(overrides: Partial<TRegistrationInput> = {}): TRegistrationInput {
  counter += 1;
  return {
    property: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
    saleStatus: 'NOT_SELLING',
    income: { employmentType: 'FULL_TIME', annualIncomeCents: 120_000_00 },
    name: { firstName: 'Test', lastName: 'Borrower' },
    dob: '1980-02-29',
    email: `borrower${counter}-${Date.now()}@example.com`,
    phoneNumber: '(415) 555-0100',
    password: 'Strong-passw0rd!',
    acceptedTerms: true,
    ...overrides,
  };
}

/** Registers a new borrower under `orgCode` and answers their credentials and first application. */
export async function registerAndSignIn(
  app: FastifyInstance,
  orgCode = 'MAIN',
  overrides: Partial<TRegistrationInput> = {},
): Promise<Credentials & { identityUuid: string; applicationUuid: string; email: string }> {
  const body = registrationBody(overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/identity/api/v1/registration/register',
    headers: { 'x-org-code': orgCode },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { jwt: string; identityUuid: string; applicationUuid: string };
  return {
    ...fromResponse(res, json.jwt, app),
    identityUuid: json.identityUuid,
    applicationUuid: json.applicationUuid,
    email: body.email,
  };
}
