/** Signing in from tests exactly as the browser does: token header plus fingerprint cookie. */
import type { FastifyInstance } from 'fastify';
import { registration } from '@heloc/borrower-driver';
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

/**
 * A valid registration body; override any part. E-mails are unique per call. The borrower driver's
 * body (the registration page's call) with this suite's borrower: Test Borrower earning $120,000, the
 * figure the server tests' expected offers and debt ratios are worked out from.
 */
export function registrationBody(overrides: Partial<TRegistrationInput> = {}): TRegistrationInput {
  return registration({
    income: { employmentType: 'FULL_TIME', annualIncomeCents: 120_000_00 },
    name: { firstName: 'Test', lastName: 'Borrower' },
    ...overrides,
  });
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
