/** The primary borrower's invitations (invite, re-send, cancel) and the co-deed status both sides read (spec 2 §7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZCoDeedStatusResponse, ZUuid } from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { withApplicationLock, type ApplicationRow } from '../../../workflow/step-machine';
import {
  activeSigners,
  coDeedStatusOf,
  INVITATION_TTL_HOURS,
  isJointlyOwned,
  mayListOwners,
  type SignerRow,
} from '../store';
import { newLinkToken } from '../../../lib/link-token';
import {
  findApplication,
  findApplicationSigner,
  findIdentityEmail,
  findOwnApplication,
  insertSigner,
  listCancelledSigners,
} from '../repository';
import { APPLICATION, errors, tags, coDeedContext } from './shared';

export const primaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const { toSigner, ownApplication, signerOf, updateSigner, sendInvitation, releasePrimaryIfDone } =
    coDeedContext(app);

  app.post(
    `${APPLICATION}/:uuid/co-deed/invitations`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Name each other owner on title (name and e-mail). Before the closing documents are prepared (from income verification until the package is rendered) they are only listed (status LISTED), so the deed of trust names them; once the borrower has signed (CO_DEED) each gets an e-mail with a one-time link. An e-mail already invited (or listed) gets a new link (the old one stops working).',
        params: z.object({ uuid: ZUuid }),
        body: API_WRITES['POST /service-application/api/v1/application/heloc/:uuid/co-deed/invitations'],
        response: { 200: ZCoDeedStatusResponse, ...errors },
      },
    },
    async (request) => {
      const own = await ownApplication(request, request.params.uuid);
      const sent: { signer: SignerRow; token: string }[] = [];
      const answer = await withApplicationLock(app.db, own.uuid, async (tx, application) => {
        // Before the closing package the owners are only named (the deed of trust names them); at
        // CO_DEED, once the borrower's documents are signed, each gets an e-mail with a link.
        const listing = mayListOwners(application.step);
        if (!listing && application.step !== 'CO_DEED') {
          throw new AppError(
            'CONFLICT',
            'Your closing documents are being prepared. You can invite the other owners once you have signed them.',
            { step: application.step },
          );
        }
        const existing = await activeSigners(tx, application.uuid);
        const primaryEmail = await findIdentityEmail(tx, application.identityUuid);
        for (const invitee of request.body.signers) {
          if (invitee.email === primaryEmail) {
            throw new AppError('BAD_REQUEST', 'Enter the other owner’s email, not yours', {
              fields: { email: 'Enter the other owner’s email' },
            });
          }
          const found = existing.find((each) => each.email === invitee.email);
          // Already accepted: nothing to re-send.
          if (found && found.status !== 'INVITED' && found.status !== 'LISTED') continue;
          const names = { firstName: invitee.firstName, lastName: invitee.lastName };
          if (listing) {
            if (found) await updateSigner(tx, found.uuid, names);
            else
              await insertSigner(tx, {
                applicationUuid: application.uuid,
                ...names,
                email: invitee.email,
                status: 'LISTED',
                invitedAt: clock.now(),
              });
            continue;
          }
          const link = newLinkToken();
          const expiresAt = new Date(clock.now().getTime() + INVITATION_TTL_HOURS * 3600_000);
          const row = found
            ? await updateSigner(tx, found.uuid, {
                ...names,
                status: 'INVITED',
                tokenHash: link.hash,
                tokenExpiresAt: expiresAt,
                invitedAt: clock.now(),
              })
            : await insertSigner(tx, {
                applicationUuid: application.uuid,
                ...names,
                email: invitee.email,
                status: 'INVITED',
                tokenHash: link.hash,
                tokenExpiresAt: expiresAt,
                invitedAt: clock.now(),
              });
          sent.push({ signer: row, token: link.token });
        }
        return statusFor(tx, application, 'PRIMARY');
      });
      // After the commit: a link is only mailed once it works.
      for (const each of sent) await sendInvitation(own, each.signer, each.token);
      return answer;
    },
  );

  app.delete(
    `${APPLICATION}/:uuid/co-deed/invitations/:signerUuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cancel an invitation (its link stops working); a signer who finished cannot be removed',
        params: z.object({ uuid: ZUuid, signerUuid: ZUuid }),
        response: { 200: ZCoDeedStatusResponse, ...errors },
      },
    },
    async (request) => {
      const own = await ownApplication(request, request.params.uuid);
      return withApplicationLock(app.db, own.uuid, async (tx, application) => {
        const signer = await findApplicationSigner(
          tx,
          application.uuid,
          request.params.signerUuid.toLowerCase(),
        );
        if (!signer) throw new AppError('NOT_FOUND', 'Signer not found');
        if (signer.status === 'COMPLETE') throw new AppError('CONFLICT', 'This signer has already signed');
        if (signer.status !== 'CANCELLED') {
          await updateSigner(tx, signer.uuid, {
            status: 'CANCELLED',
            cancelledAt: clock.now(),
            tokenHash: null,
            tokenExpiresAt: null,
          });
          await releasePrimaryIfDone(tx, application);
        }
        return statusFor(tx, application, 'PRIMARY');
      });
    },
  );

  // ---- Both: the co-deed status (spec 2 §7) --------------------------------------------------

  async function statusFor(
    db: Executor,
    application: ApplicationRow,
    role: 'PRIMARY' | 'SIGNER',
    only?: string,
  ) {
    const signers = await activeSigners(db, application.uuid);
    const all = role === 'PRIMARY' ? [...signers, ...(await listCancelledSigners(db, application.uuid))] : [];
    return {
      applicationUuid: application.uuid,
      loanNumber: application.loanNumber,
      role,
      coDeedStatus: coDeedStatusOf(signers, await isJointlyOwned(db, application)),
      signers: (role === 'PRIMARY' ? all : signers.filter((each) => each.uuid === only)).map(toSigner),
    };
  }

  app.get(
    `${APPLICATION}/co-deed/status`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Co-deed status: for the borrower every signer’s progress (of `applicationUuid`, default the newest application); for a signer their own',
        querystring: z.object({ applicationUuid: ZUuid.optional() }),
        response: { 200: ZCoDeedStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { identityUuid, profileType } = authOf(request);
      if (profileType === 'CO_DEEDER') {
        const signer = await signerOf(request);
        const application = await findApplication(app.db, signer.applicationUuid);
        const answer = await statusFor(app.db, application!, 'SIGNER', signer.uuid);
        // A cancelled signer still learns their own state (the web shows heloc-signer/cancelled).
        if (signer.status === 'CANCELLED') answer.signers = [toSigner(signer)];
        return answer;
      }
      const wanted = request.query.applicationUuid?.toLowerCase();
      const application = await findOwnApplication(app.db, identityUuid, wanted);
      if (!application) throw new AppError('NOT_FOUND', 'Application not found');
      return statusFor(app.db, application, 'PRIMARY');
    },
  );
};
