/** The invitation link: read it, and accept it into a new or existing CO_DEEDER account. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  onceMailKey,
  ZCoDeedInvitationInfo,
  ZInvitationToken,
  acceptPasswordProblem,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { withApplicationLock } from '../../../workflow/step-machine';
import { findIdentityByEmail, insertIdentity } from '../../identity/repository';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { INVALID_CREDENTIALS, requireSecondFactor, startSession } from '../../identity/service';
import { insertProfile } from '../../profile/repository';
import { queueCoOwnerMail } from '../../borrower-mail/queue';
import { hashLinkToken } from '../../../lib/link-token';
import type { SignerRow } from '../store';
import { findApplication, findSignerByTokenHash } from '../repository';
import { APPLICATION, EXPIRED_LINK, INVALID_LINK, errors, tags, coDeedContext } from './shared';

export const linkRoutes: FastifyPluginAsyncZod<{ sessionTtlHours: number }> = async (app, options) => {
  const clock = app.clock;
  const { primaryNameOf, updateSigner } = coDeedContext(app);

  async function signerByToken(db: Executor, token: string): Promise<SignerRow> {
    const signer = await findSignerByTokenHash(db, hashLinkToken(token));
    if (!signer || signer.status !== 'INVITED') throw new AppError('NOT_FOUND', INVALID_LINK);
    if (!signer.tokenExpiresAt || signer.tokenExpiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError('NOT_FOUND', EXPIRED_LINK, { expired: true });
    }
    return signer;
  }

  app.get(
    `${APPLICATION}/co-deed/invitations`,
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (who is invited, by whom), before it is accepted',
        querystring: z.object({ token: ZInvitationToken }),
        response: { 200: ZCoDeedInvitationInfo, ...errors },
      },
    },
    async (request) => {
      const signer = await signerByToken(app.db, request.query.token);
      const application = await findApplication(app.db, signer.applicationUuid);
      const account = await findIdentityByEmail(app.db, signer.email);
      return {
        firstName: signer.firstName,
        lastName: signer.lastName,
        email: signer.email,
        primaryName: await primaryNameOf(app.db, application!.identityUuid),
        accountExists: account !== null,
      };
    },
  );

  app.post(
    `${APPLICATION}/co-deed/invitations/accept`,
    {
      onRequest: app.signInAttemptLimit,
      schema: {
        tags,
        summary:
          'Accept an invitation: creates the CO_DEEDER account with this password (or signs in to the existing signer account with it) and signs in. The link works once.',
        body: API_WRITES['POST /service-application/api/v1/application/heloc/co-deed/invitations/accept'],
        response: { 200: z.object({ jwt: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const preview = await signerByToken(app.db, token);
      const existing = await findIdentityByEmail(app.db, preview.email);
      if (existing) {
        if (existing.profileType !== 'CO_DEEDER') {
          throw new AppError(
            'CONFLICT',
            'This email belongs to a borrower account. Ask the borrower to invite another email for you.',
          );
        }
        if (!(await verifyPassword(existing.passwordHash, password))) {
          throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
        }
        // Signing in to an existing account through the link is a sign-in: its second factor too.
        await requireSecondFactor(app.db, existing, request.body.totpCode);
      } else {
        const problem = acceptPasswordProblem(password, preview.email);
        if (problem) throw new AppError('BAD_REQUEST', problem, { fields: { password: problem } });
      }
      const passwordHash = existing ? null : await hashPassword(password);
      const application = await findApplication(app.db, preview.applicationUuid);
      const identity = await withApplicationLock(app.db, application!.uuid, async (tx) => {
        // Re-read under the lock: two tabs accepting one link — one wins, the other hears "not valid".
        const signer = await signerByToken(tx, token);
        const account =
          existing ??
          (await insertIdentity(tx, {
            email: signer.email,
            passwordHash: passwordHash!,
            organizationCode: application!.orgCode,
            profileType: 'CO_DEEDER',
          }));
        if (!existing) {
          await insertProfile(tx, {
            identityUuid: account.uuid,
            firstName: signer.firstName,
            middleName: null,
            lastName: signer.lastName,
            suffix: null,
            dob: null,
          });
        }
        await updateSigner(tx, signer.uuid, {
          identityUuid: account.uuid,
          status: 'ACCEPTED',
          acceptedAt: clock.now(),
          tokenHash: null,
          tokenExpiresAt: null,
        });
        // Their documents are ready to sign from now on (the package already names them): the
        // e-mail brings them back if they leave before signing (borrower-mail, co-owners' copies).
        await queueCoOwnerMail(tx, clock, {
          kind: 'DOCUMENTS_READY',
          borrowerKey: onceMailKey('DOCUMENTS_READY', signer.applicationUuid),
          applicationUuid: signer.applicationUuid,
          identityUuid: account.uuid,
        });
        return account;
      });
      return { jwt: await startSession(app, reply, identity, options.sessionTtlHours) };
    },
  );
};
