/**
 * Sign-in, registration and sign-out. Each successful sign-in opens a session bound to a new
 * fingerprint cookie and answers a token for it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { verify as verifyTotp } from 'otplib';
import {
  US_STATES,
  type TIdentityUser,
  type TOrgData,
  type TRegistrationRequest,
  type UsStateCode,
} from '@heloc/domain';
import type { Database } from '../../db';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { insertApplication } from '../applications/repository';
import { insertAddress, insertProfile, setPrimaryPhoneNumber } from '../profile/repository';
import { fingerprintCookieOptions, newFingerprint } from './fingerprint';
import { hashPassword, verifyPassword } from './passwords';
import { findIdentityByEmail, insertIdentity, insertSession, type IdentityRow } from './repository';
import { eq } from 'drizzle-orm';

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

export async function checkTotp(secret: string | null, code: string): Promise<boolean> {
  if (!secret) return false;
  const result = await verifyTotp({ secret, token: code, epochTolerance: 30 });
  return result.valid;
}

/** Checks credentials (and the two-factor code when enabled); answers the identity. */
export async function authenticateCredentials(
  db: Database,
  input: { email: string; password: string; totpCode?: string | undefined },
): Promise<IdentityRow> {
  const identity = await findIdentityByEmail(db, input.email);
  const valid = await verifyPassword(identity?.passwordHash ?? null, input.password);
  if (!identity || !valid) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  if (identity.twoFactorEnabled) {
    if (!input.totpCode) {
      throw new AppError('UNAUTHENTICATED', 'Enter the 6-digit code from your authenticator app', {
        twoFactorRequired: true,
      });
    }
    if (!(await checkTotp(identity.totpSecret, input.totpCode))) {
      throw new AppError('UNAUTHENTICATED', 'The code is not valid', { twoFactorRequired: true });
    }
  }
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
  org: TOrgData,
  request: TRegistrationRequest,
): Promise<Registered> {
  const blocker = registrationBlocker(org, request);
  if (blocker) throw blocker;
  if (request.referrer) {
    const [referrer] = await db
      .select({ orgCode: schema.loanOriginators.orgCode })
      .from(schema.loanOriginators)
      .where(eq(schema.loanOriginators.uuid, request.referrer));
    if (!referrer || referrer.orgCode !== org.orgCode) {
      throw new AppError('BAD_REQUEST', 'The referring loan officer was not found', { field: 'referrer' });
    }
  }
  if (await findIdentityByEmail(db, request.email)) {
    throw new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });
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
      const application = await insertApplication(tx, {
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
      throw new AppError('CONFLICT', 'An account with this email already exists', { field: 'email' });
    }
    throw error;
  }
}
