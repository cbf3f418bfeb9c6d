/**
 * Account recovery (issue 19): "forgot password" sends a one-time link, the link sets a new password.
 * The link's token is 32 random bytes; only its SHA-256 is stored. Setting the password consumes the
 * link, ends every session of the identity and is recorded in the identity audit trail.
 */
import type { FastifyInstance } from 'fastify';
import {
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_TTL_MINUTES,
  RESET_PASSWORD_PATH,
  passwordProblem,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { passwordResetMail } from '../../mail/templates';
import { hashLinkToken, newLinkToken } from '../../lib/link-token';
import { hashPassword } from './passwords';
import {
  consumePasswordResetToken,
  countPasswordResetTokensSince,
  findIdentity,
  findIdentityByEmail,
  findOpenPasswordResetToken,
  recordIdentityAudit,
  replacePasswordResetToken,
  revokeAllSessions,
  updateIdentity,
} from './repository';

type Origin = { orgCode: string | null; ipAddress: string | null };

/**
 * Reset e-mails one account gets per hour at most. The per-address rate limit does not stop someone
 * rotating addresses from filling a victim's inbox; past this cap the answer stays the same, no mail goes.
 */
export const PASSWORD_RESET_MAILS_PER_HOUR = 5;

/**
 * Sends a reset link when the address has a borrower or signer account (at most
 * PASSWORD_RESET_MAILS_PER_HOUR an hour); does nothing visible
 * otherwise (the caller answers the same either way). Staff accounts are managed by their admins
 * (and sign in at /ops/ with two-factor), so they get no link from the borrower's login page.
 * Every request is audited, with the account when there is one.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, origin: Origin) {
  const now = app.clock.now();
  const identity = await findIdentityByEmail(app.db, email);
  const account = identity !== null && identity.profileType !== 'STAFF';
  const throttled =
    account &&
    (await countPasswordResetTokensSince(app.db, identity.uuid, new Date(now.getTime() - 3600_000))) >=
      PASSWORD_RESET_MAILS_PER_HOUR;
  const eligible = account && !throttled;
  const link = newLinkToken();
  await app.db.transaction(async (tx) => {
    if (eligible) {
      await replacePasswordResetToken(tx, {
        identityUuid: identity.uuid,
        tokenHash: link.hash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
    }
    await recordIdentityAudit(tx, {
      at: now,
      action: 'PASSWORD_RESET_REQUESTED',
      identityUuid: identity?.uuid ?? null,
      email: email.toLowerCase(),
      ...origin,
      data: { linkSent: eligible, ...(throttled && { throttled: true }) },
    });
  });
  if (!eligible) return;
  // The link opens the account's own organisation's site, whichever site the request came through.
  const org = app.orgs.byOrgCode(identity.organizationCode);
  const base = org ? org.baseUrl.replace(/\/+$/, '') : '';
  await app.mailer.send({
    to: identity.email,
    orgCode: identity.organizationCode,
    ...passwordResetMail({
      brandName: org?.orgBrand.name ?? identity.organizationCode,
      link: `${base}${RESET_PASSWORD_PATH}?token=${link.token}`,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    }),
  });
}

const invalidLink = () =>
  new AppError('BAD_REQUEST', PASSWORD_RESET_LINK_INVALID, [
    { path: 'body.token', message: PASSWORD_RESET_LINK_INVALID },
  ]);

/**
 * Sets the new password from a reset link: the registration password rule, then — in one
 * transaction — the link consumed (a second use, even a racing one, is refused), the password
 * changed, every session of the identity ended (as when staff disable an account), the audit entry.
 */
export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; password: string },
  origin: Origin,
): Promise<void> {
  const now = app.clock.now();
  const row = await findOpenPasswordResetToken(app.db, hashLinkToken(input.token), now);
  if (!row) throw invalidLink();
  const identity = await findIdentity(app.db, row.identityUuid);
  if (!identity) throw invalidLink();
  const problem = passwordProblem(input.password, identity.email);
  if (problem) throw new AppError('BAD_REQUEST', problem, [{ path: 'body.password', message: problem }]);
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    if (!(await consumePasswordResetToken(tx, row.uuid, now))) throw invalidLink();
    await updateIdentity(tx, identity.uuid, { passwordHash, passwordChangedAt: now, passwordExpired: false });
    await revokeAllSessions(tx, identity.uuid);
    await recordIdentityAudit(tx, {
      at: now,
      action: 'PASSWORD_RESET',
      identityUuid: identity.uuid,
      email: identity.email,
      ...origin,
    });
  });
}
