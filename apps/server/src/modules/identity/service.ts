/**
 * Sign-in, registration and sign-out. Each successful sign-in opens a session bound to a new
 * fingerprint cookie and answers a token for it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import {
  REGISTRATION_EMAIL_UNAVAILABLE,
  US_STATES,
  type TIdentityUser,
  type TOrgData,
  type TRegistrationRequest,
  type UsStateCode,
} from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { schema } from '../../db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { insertApplication } from '../applications/repository';
import { insertAddress, insertProfile, setPrimaryPhoneNumber } from '../profile/repository';
import { fingerprintCookieOptions, newFingerprint } from './fingerprint';
import { hashPassword, verifyPassword } from './passwords';
import { findIdentityByEmail, insertIdentity, insertSession, type IdentityRow } from './repository';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrganisationDirectory } from '../organisations/directory';

/** One answer for an unknown e-mail and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

export function toIdentityUser(row: IdentityRow): TIdentityUser {
  return {
    uuid: row.uuid,
    organizationCode: row.organizationCode,
    profileType: row.profileType as TIdentityUser['profileType'],
    email: row.email,
    updatedAt: row.updatedAt.toISOString(),
    isManageable: row.isManageable,
    isBroker: row.isBroker,
    aliases: row.aliases,
    passwordExpired: row.passwordExpired,
    twoFactorEnabled: row.twoFactorEnabled,
    totpVerified: row.totpVerified,
    wallet:
      row.walletAccountAddress && row.walletGroupPolicyAddress
        ? { accountAddress: row.walletAccountAddress, groupPolicyAddress: row.walletGroupPolicyAddress }
        : null,
  };
}

/** Opens a session for the identity: fingerprint cookie on the reply, token returned. */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  identity: Pick<IdentityRow, 'uuid' | 'organizationCode' | 'profileType'>,
  sessionTtlHours: number,
): Promise<string> {
  const fingerprint = newFingerprint();
  const expiresAt = new Date(Date.now() + sessionTtlHours * 3600_000);
  const session = await insertSession(app.db, {
    identityUuid: identity.uuid,
    fingerprintHash: fingerprint.hash,
    expiresAt,
  });
  const { token } = await app.tokens.issue(
    {
      identityUuid: identity.uuid,
      sessionUuid: session.uuid,
      fingerprintHash: fingerprint.hash,
      orgCode: identity.organizationCode,
      profileType: identity.profileType,
    },
    expiresAt,
  );
  reply.setCookie(
    app.fingerprintCookie,
    fingerprint.value,
    fingerprintCookieOptions(app.secureCookies, sessionTtlHours * 3600),
  );
  reply.header('authorization', `Bearer ${token}`);
  return token;
}

/** Wrong second-factor codes allowed per account in the window before codes are refused. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_FAILURE_WINDOW_MINUTES = 10;
export const TOO_MANY_CODES = 'Too many wrong codes. Please try again in 10 minutes.';

/**
 * Checks a TOTP code of the identity: refused while the account has had too many wrong codes
 * (per account, whatever the address), and accepted once only — the code's time step is consumed
 * atomically, so the same code (or an older one) replayed is refused, also by a racing request.
 */
export async function checkTotp(
  db: Executor,
  identity: Pick<IdentityRow, 'uuid' | 'totpSecret' | 'totpLastTimeStep'>,
  code: string,
): Promise<boolean> {
  const [recent] = await db
    .select({ failures: count() })
    .from(schema.twoFactorFailures)
    .where(
      and(
        eq(schema.twoFactorFailures.identityUuid, identity.uuid),
        gt(
          schema.twoFactorFailures.at,
          sql`now() - make_interval(mins => ${TWO_FACTOR_FAILURE_WINDOW_MINUTES})`,
        ),
      ),
    );
  if ((recent?.failures ?? 0) >= TWO_FACTOR_MAX_FAILURES) throw new AppError('RATE_LIMITED', TOO_MANY_CODES);
  let step: number | null = null;
  if (identity.totpSecret) {
    const result = await verifyTotp({
      secret: identity.totpSecret,
      token: code,
      epochTolerance: 30,
      ...(identity.totpLastTimeStep !== null && { afterTimeStep: identity.totpLastTimeStep }),
    });
    if (result.valid && 'timeStep' in result) step = result.timeStep;
  }
  if (step !== null) {
    const consumed = await db
      .update(schema.identities)
      .set({ totpLastTimeStep: step })
      .where(
        and(
          eq(schema.identities.uuid, identity.uuid),
          or(isNull(schema.identities.totpLastTimeStep), lt(schema.identities.totpLastTimeStep, step)),
        ),
      )
      .returning({ uuid: schema.identities.uuid });
    if (consumed.length === 1) return true;
  }
  await db.insert(schema.twoFactorFailures).values({ identityUuid: identity.uuid });
  // Old rows say nothing any more; keeping the table small keeps the count cheap.
  await db
    .delete(schema.twoFactorFailures)
    .where(
      and(
        eq(schema.twoFactorFailures.identityUuid, identity.uuid),
        lt(schema.twoFactorFailures.at, sql`now() - interval '1 day'`),
      ),
    );
  return false;
}

/** The second factor of a sign-in (password already checked): asks for the code, then checks it. */
export async function requireSecondFactor(
  db: Executor,
  identity: IdentityRow,
  totpCode: string | undefined,
): Promise<void> {
  if (!identity.twoFactorEnabled) return;
  if (!totpCode) {
    throw new AppError('UNAUTHENTICATED', 'Enter the 6-digit code from your authenticator app', {
      twoFactorRequired: true,
    });
  }
  if (!(await checkTotp(db, identity, totpCode))) {
    throw new AppError('UNAUTHENTICATED', 'The code is not valid', { twoFactorRequired: true });
  }
}

/** Two organisations are one for sign-in when they are variants of one lender (MAIN and MAIN_NY). */
function sameLender(orgs: OrganisationDirectory, a: string, b: string): boolean {
  if (a === b) return true;
  const left = orgs.byOrgCode(a);
  const right = orgs.byOrgCode(b);
  return !!left && !!right && left.canonicalOrgCode === right.canonicalOrgCode;
}

/**
 * Checks credentials (and the two-factor code when enabled); answers the identity. `orgCode` is the
 * organisation the sign-in came through (its host or the page's `?org=`, sent as the org header):
 * an account of another organisation is answered exactly like a wrong password, except platform
 * staff, who belong to every organisation. A disabled staff account cannot sign in.
 */
export async function authenticateCredentials(
  db: Database,
  orgs: OrganisationDirectory,
  input: { email: string; password: string; totpCode?: string | undefined },
  orgCode: string | null,
): Promise<IdentityRow> {
  const identity = await findIdentityByEmail(db, input.email);
  const valid = await verifyPassword(identity?.passwordHash ?? null, input.password);
  if (!identity || !valid) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  const staff =
    identity.profileType === 'STAFF'
      ? ((
          await db
            .select()
            .from(schema.staffMembers)
            .where(eq(schema.staffMembers.identityUuid, identity.uuid))
        )[0] ?? null)
      : null;
  const platformStaff = staff !== null && staff.orgCode === null;
  if (orgCode && !platformStaff && !sameLender(orgs, identity.organizationCode, orgCode))
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  if (staff?.disabledAt) throw new AppError('UNAUTHENTICATED', 'This account is disabled');
  await requireSecondFactor(db, identity, input.totpCode);
  return identity;
}

function walletAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** Why this organisation cannot take this registration, or null when it can. */
export function registrationBlocker(org: TOrgData, request: TRegistrationRequest): AppError | null {
  const heloc = org.orgMetaData.products.heloc;
  if (heloc.wholesale) {
    return new AppError('FORBIDDEN', `${org.orgBrand.name} does not accept applications online`);
  }
  if (heloc.referrerRequired && !request.referrer) {
    return new AppError('BAD_REQUEST', 'A referring loan officer is required to apply', {
      field: 'referrer',
    });
  }
  const state = request.property.state as UsStateCode;
  if (!heloc.licensedStates.includes(state)) {
    return new AppError(
      'BAD_REQUEST',
      `We are not able to accept applications for properties in ${US_STATES[state]}.`,
      [{ path: 'body.property.state', message: `Not available in ${US_STATES[state]}` }],
    );
  }
  return null;
}

export type Registered = { identity: IdentityRow; applicationUuid: string };

/** Creates identity, profile, property and a first application in one transaction. */
export async function registerBorrower(
  db: Database,
  clock: Clock,
  org: TOrgData,
  request: TRegistrationRequest,
): Promise<Registered> {
  const blocker = registrationBlocker(org, request);
  if (blocker) throw blocker;
  if (request.referrer) {
    const [referrer] = await db
      .select({ orgCode: schema.loanOriginators.orgCode, active: schema.loanOriginators.active })
      .from(schema.loanOriginators)
      .where(eq(schema.loanOriginators.uuid, request.referrer));
    // A loan officer deactivated in the settings takes no new borrowers: refused like an unknown one.
    if (!referrer || referrer.orgCode !== org.orgCode || !referrer.active) {
      throw new AppError('BAD_REQUEST', 'The referring loan officer was not found', { field: 'referrer' });
    }
  }
  if (await findIdentityByEmail(db, request.email)) {
    throw new AppError('CONFLICT', REGISTRATION_EMAIL_UNAVAILABLE, { field: 'email' });
  }
  const passwordHash = await hashPassword(request.password);
  try {
    return await db.transaction(async (tx) => {
      const identity = await insertIdentity(tx, {
        email: request.email,
        passwordHash,
        organizationCode: org.orgCode,
        profileType: 'BORROWER',
        walletAccountAddress: walletAddress(),
        walletGroupPolicyAddress: walletAddress(),
      });
      await insertProfile(tx, {
        identityUuid: identity.uuid,
        firstName: request.name.firstName,
        middleName: request.name.middleName || null,
        lastName: request.name.lastName,
        suffix: request.name.suffix || null,
        dob: request.dob,
      });
      await setPrimaryPhoneNumber(tx, identity.uuid, request.phoneNumber);
      const property = await insertAddress(tx, {
        identityUuid: identity.uuid,
        street1: request.property.street1,
        street2: request.property.street2 || null,
        city: request.property.city,
        state: request.property.state,
        zip: request.property.zip,
        saleStatus: request.saleStatus,
      });
      const application = await insertApplication(tx, clock, {
        identityUuid: identity.uuid,
        orgCode: org.orgCode,
        selectedPropertyUuid: property.uuid,
        statedAnnualIncomeCents: request.income.annualIncomeCents,
        employmentType: request.income.employmentType,
        referrerUuid: request.referrer ?? null,
        isCrypto: request.isCrypto ?? false,
      });
      return { identity, applicationUuid: application.uuid };
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides, the loser hears why.
    if (
      String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
      '23505'
    ) {
      throw new AppError('CONFLICT', REGISTRATION_EMAIL_UNAVAILABLE, { field: 'email' });
    }
    throw error;
  }
}
