/** Staff accounts: creation (invitation, seed, the first platform admin), roles, disabling. */
import { asc, eq, isNull } from 'drizzle-orm';
import { passwordProblem, staffRolesProblem, type TStaffMember, type TStaffRole } from '@heloc/domain';
import { schema, type Database, type Executor } from '../../db';
import { recordStaffAudit } from './audit';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../identity/passwords';
import { findIdentityByEmail, insertIdentity, revokeAllSessions } from '../identity/repository';

/**
 * Every identity names an organisation; platform staff belong to none, so theirs is this one (the
 * main lender when it exists, else the first organisation) and only decides their brand in e-mails.
 */
export async function platformHomeOrg(db: Executor): Promise<string> {
  const [main] = await db
    .select({ orgCode: schema.organisations.orgCode })
    .from(schema.organisations)
    .where(eq(schema.organisations.orgCode, 'MAIN'));
  if (main) return main.orgCode;
  const [first] = await db
    .select({ orgCode: schema.organisations.orgCode })
    .from(schema.organisations)
    .orderBy(asc(schema.organisations.orgCode))
    .limit(1);
  if (!first) throw new Error('No organisation exists yet: start the server once to synchronise them');
  return first.orgCode;
}

export type NewStaffAccount = {
  email: string;
  password: string;
  /** null: platform staff. */
  orgCode: string | null;
  roles: TStaffRole[];
  loanOriginatorUuid?: string | null;
};

/** Creates the STAFF identity and its membership (one transaction). 409 when the e-mail is taken. */
export async function createStaffAccount(db: Executor, account: NewStaffAccount) {
  const problem = staffRolesProblem(account.orgCode, account.roles);
  if (problem) throw new AppError('BAD_REQUEST', problem, [{ path: 'body.roles', message: problem }]);
  if (await findIdentityByEmail(db, account.email))
    throw new AppError('CONFLICT', 'This e-mail already has an account');
  const identityOrg = account.orgCode ?? (await platformHomeOrg(db));
  const passwordHash = await hashPassword(account.password);
  const identity = await insertIdentity(db, {
    email: account.email.toLowerCase(),
    passwordHash,
    organizationCode: identityOrg,
    profileType: 'STAFF',
  });
  await db.insert(schema.staffMembers).values({
    identityUuid: identity.uuid,
    orgCode: account.orgCode,
    roles: account.roles,
    loanOriginatorUuid: account.loanOriginatorUuid ?? null,
  });
  return identity;
}

export async function listStaff(db: Executor, orgCode: string | null): Promise<TStaffMember[]> {
  const rows = await db
    .select({ member: schema.staffMembers, identity: schema.identities })
    .from(schema.staffMembers)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.staffMembers.identityUuid))
    .where(orgCode === null ? undefined : eq(schema.staffMembers.orgCode, orgCode))
    .orderBy(asc(schema.identities.email));
  return rows.map(toStaffMember);
}

export async function findStaff(db: Executor, identityUuid: string) {
  const [row] = await db
    .select({ member: schema.staffMembers, identity: schema.identities })
    .from(schema.staffMembers)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.staffMembers.identityUuid))
    .where(eq(schema.staffMembers.identityUuid, identityUuid));
  return row ?? null;
}

export function toStaffMember(row: {
  member: typeof schema.staffMembers.$inferSelect;
  identity: typeof schema.identities.$inferSelect;
}): TStaffMember {
  return {
    identityUuid: row.identity.uuid,
    email: row.identity.email,
    orgCode: row.member.orgCode,
    roles: row.member.roles as TStaffRole[],
    disabled: row.member.disabledAt !== null,
    twoFactorEnabled: row.identity.twoFactorEnabled,
    loanOriginatorUuid: row.member.loanOriginatorUuid,
    createdAt: row.member.createdAt.toISOString(),
  };
}

export async function setStaffRoles(db: Executor, identityUuid: string, roles: TStaffRole[]) {
  await db
    .update(schema.staffMembers)
    .set({ roles, updatedAt: new Date() })
    .where(eq(schema.staffMembers.identityUuid, identityUuid));
}

/** Disabling ends every session of the account at once (its tokens stop working on the next call). */
export async function setStaffDisabled(db: Executor, identityUuid: string, disabled: boolean) {
  await db
    .update(schema.staffMembers)
    .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
    .where(eq(schema.staffMembers.identityUuid, identityUuid));
  if (disabled) await revokeAllSessions(db, identityUuid);
}

/** Whether any platform administrator exists (the first one is created with the CLI). */
export async function platformStaffCount(db: Executor): Promise<number> {
  const rows = await db
    .select({ uuid: schema.staffMembers.identityUuid })
    .from(schema.staffMembers)
    .where(isNull(schema.staffMembers.orgCode));
  return rows.length;
}

/**
 * The first platform administrator of an installation (`npm run staff:create-admin`): there is no
 * one yet to invite them. Audited like every staff change.
 */
export async function createPlatformAdmin(db: Database, email: string, password: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return db.transaction(async (tx) => {
    const identity = await createStaffAccount(tx, {
      email,
      password,
      orgCode: null,
      roles: ['PLATFORM_ADMIN'],
    });
    await recordStaffAudit(tx, {
      actor: null,
      action: 'PLATFORM_ADMIN_CREATED',
      orgCode: null,
      target: { identityUuid: identity.uuid, email: identity.email },
      data: { by: 'cli' },
    });
    return identity;
  });
}
