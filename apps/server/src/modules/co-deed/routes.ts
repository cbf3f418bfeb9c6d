/**
 * Additional signers (co-deeders), spec 1 §2–§6 and spec 2 §6–§7:
 * - the primary invites each other owner on title (name and e-mail) while the application waits at
 *   CO_DEED (signing/additional), re-sends (the old link stops working) or cancels an invitation;
 * - the one-time link (`/heloc-signer/resume?token=…`) creates, or links, a CO_DEEDER account;
 * - the signer confirms their identity, e-signs what they must sign, has the deed notarised, and —
 *   behind `fe-heloc-additional-signer-conditions` — clears their own conditions;
 * - `GET …/co-deed/status` answers both: the primary sees every signer's progress, a signer only theirs.
 *
 * A signer never reaches the primary's application routes (those check the owner: 404) and the signer
 * routes answer only the signer's own data, the loan's terms and the documents they sign — never the
 * primary's income, SSN or accounts.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ESIGN_DISCLOSURE_VERSION,
  FEATURE_FLAGS,
  SIGNER_BASE_PATH,
  ZApiErrorBody,
  ZCoDeedAcceptRequest,
  ZCoDeedInvitationInfo,
  ZCoDeedInvitationRequest,
  ZCoDeedStatusResponse,
  ZEmailAddress,
  ZInvitationToken,
  ZSignerCondition,
  ZSignerDocument,
  ZSignerIdentityRequest,
  ZSignerView,
  ZUuid,
  acceptPasswordProblem,
  type TCoDeedSigner,
  type TDocumentType,
  ZSigningLocation,
} from '@heloc/domain';
import { schema, type Executor } from '../../db';
import type { CoDeedCondition } from '../../db/schema';
import { currentClosingDocuments, recordSignature } from '../../engine/closing/documents';
import { moveClosing } from '../../engine/closing/store';
import { AppError } from '../../lib/errors';
import { readOutbox } from '../../mail';
import { authOf } from '../../plugins/auth';
import {
  IMAGE_CONTENT_TYPES,
  DOCUMENT_CONTENT_TYPES,
  receiveUpload,
  uploadsPlugin,
  storeApplicationDocument,
} from '../../uploads';
import { withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import { featureDecision } from '../feature-flags/service';
import { findIdentityByEmail, insertIdentity } from '../identity/repository';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { INVALID_CREDENTIALS, requireSecondFactor, startSession } from '../identity/service';
import { insertProfile, setPrimaryPhoneNumber } from '../profile/repository';
import { APP_BASE } from '../web/routes';
import { STAFF_TAG, authorizeStaff, staffOrgFilter, staffRoute } from '../staff/policy';
import {
  activeSigners,
  coDeedStatusOf,
  hashLinkToken,
  INVITATION_TTL_HOURS,
  isJointlyOwned,
  newLinkToken,
  type SignerRow,
} from './store';

const APPLICATION = '/service-application/api/v1/application/heloc';
const SIGNER = `${APPLICATION}/co-deed/signer`;
const tags = ['co-deed'];
const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
  409: ZApiErrorBody,
};

/** What a signer e-signs: the disclosure of the loan their home secures (acknowledged) and the deed. */
const SIGNER_ESIGNED: readonly TDocumentType[] = ['CLOSING_DISCLOSURE'];
/** What a signer may read: those, the deed they sign before the notary, and their own notice. */
const SIGNER_READABLE: readonly TDocumentType[] = [...SIGNER_ESIGNED, 'DEED_OF_TRUST'];

const EXPIRED_LINK = 'This link has expired. Ask the borrower to send a new invitation.';
const INVALID_LINK = 'This link is not valid. It may have been used already or replaced by a newer one.';

type SignerProgress = TCoDeedSigner['status'];

export const coDeedRoutes: FastifyPluginAsyncZod<{ sessionTtlHours: number }> = async (app, options) => {
  const clock = app.clock;
  // Multipart uploads (the signer's condition documents), in this plugin's scope.
  await app.register(uploadsPlugin);

  // ---- Helpers ---------------------------------------------------------------------------------

  const toSigner = (row: SignerRow): TCoDeedSigner => ({
    uuid: row.uuid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: row.status as SignerProgress,
    identityUuid: row.identityUuid,
    invitedAt: row.invitedAt.toISOString(),
    linkExpiresAt: row.tokenHash && row.tokenExpiresAt ? row.tokenExpiresAt.toISOString() : null,
    completedAt: row.notarizedAt?.toISOString() ?? null,
  });

  async function primaryNameOf(db: Executor, identityUuid: string): Promise<string> {
    const [profile] = await db
      .select({ firstName: schema.profiles.firstName, lastName: schema.profiles.lastName })
      .from(schema.profiles)
      .where(eq(schema.profiles.identityUuid, identityUuid));
    return profile ? `${profile.firstName} ${profile.lastName}` : 'The borrower';
  }

  /** The caller's own application (primary only): anyone else's, or none, answers 404. */
  async function ownApplication(request: FastifyRequest, uuid: string): Promise<ApplicationRow> {
    const { identityUuid, profileType } = authOf(request);
    const [application] = await app.db
      .select()
      .from(schema.helocApplications)
      .where(
        and(
          eq(schema.helocApplications.uuid, uuid.toLowerCase()),
          eq(schema.helocApplications.identityUuid, identityUuid),
        ),
      );
    if (!application || profileType === 'CO_DEEDER') throw new AppError('NOT_FOUND', 'Application not found');
    return application;
  }

  /** The signer record of the signed-in CO_DEEDER (the newest one still open, else the newest). */
  async function signerOf(request: FastifyRequest): Promise<SignerRow> {
    const { identityUuid, profileType } = authOf(request);
    if (profileType !== 'CO_DEEDER') throw new AppError('FORBIDDEN', 'For additional signers only');
    const rows = await app.db
      .select()
      .from(schema.coDeedSigners)
      .where(eq(schema.coDeedSigners.identityUuid, identityUuid))
      .orderBy(desc(schema.coDeedSigners.invitedAt));
    const signer = rows.find((row) => row.status !== 'CANCELLED') ?? rows[0];
    if (!signer) throw new AppError('NOT_FOUND', 'No signing found');
    return signer;
  }

  /** signerOf, refusing a cancelled invitation (the web shows heloc-signer/cancelled on this 409). */
  async function openSigner(request: FastifyRequest): Promise<SignerRow> {
    const signer = await signerOf(request);
    if (signer.status === 'CANCELLED') {
      throw new AppError('CONFLICT', 'This invitation was cancelled', { status: 'CANCELLED' });
    }
    return signer;
  }

  async function updateSigner(
    db: Executor,
    uuid: string,
    values: Partial<typeof schema.coDeedSigners.$inferInsert>,
  ) {
    const [row] = await db
      .update(schema.coDeedSigners)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(schema.coDeedSigners.uuid, uuid))
      .returning();
    return row!;
  }

  async function sendInvitation(application: ApplicationRow, signer: SignerRow, token: string) {
    const org = app.orgs.byOrgCode(application.orgCode);
    const brand = org?.orgMetaData.companyInfo.companyNameShort ?? 'Your lender';
    const base = org ? org.baseUrl.replace(/\/+$/, '') : '';
    const link = `${base}${APP_BASE}${SIGNER_BASE_PATH}/resume?token=${token}`;
    const primary = await primaryNameOf(app.db, application.identityUuid);
    await app.mailer.send({
      to: signer.email,
      orgCode: application.orgCode,
      subject: `${primary} asks you to sign for your home's line of credit`,
      text: [
        `Hello ${signer.firstName},`,
        '',
        `${primary} is closing a home equity line of credit with ${brand} on a home you own together.`,
        'Every owner on title signs the deed and receives their own notice of right to cancel.',
        '',
        `Open this link to create your signer account and sign (it works once and expires in ${INVITATION_TTL_HOURS / 24} days):`,
        link,
        '',
        'If you did not expect this e-mail, you can ignore it.',
      ].join('\n'),
    });
  }

  /** When every signer has finished, the primary goes on to the notary (CO_DEED → NOTARY_DISCLOSURE). */
  async function releasePrimaryIfDone(tx: Executor, application: ApplicationRow) {
    if (application.step !== 'CO_DEED') return;
    const signers = await activeSigners(tx, application.uuid);
    if (signers.length === 0 || signers.some((each) => each.status !== 'COMPLETE')) return;
    await moveClosing(tx, clock, application, 'CO_DEED_COMPLETE', {
      actor: { type: 'SYSTEM' },
      data: { signers: signers.map((each) => each.uuid) },
      flags: { disclosurelistClosingComplete: true, disclosurelistNotaryReady: true },
    });
  }

  async function signerDocuments(db: Executor, signer: SignerRow) {
    const current = await currentClosingDocuments(db, signer.applicationUuid);
    const own = signer.identityUuid
      ? await db
          .select()
          .from(schema.applicationDocuments)
          .where(
            and(
              eq(schema.applicationDocuments.applicationUuid, signer.applicationUuid),
              eq(schema.applicationDocuments.ownerIdentityUuid, signer.identityUuid),
            ),
          )
      : [];
    const readable = current.filter((doc) => SIGNER_READABLE.includes(doc.type as TDocumentType));
    // Their own notices of right to cancel (issued when the rescission starts) and uploads.
    const mine = own.filter((doc) => !readable.some((each) => each.uuid === doc.uuid));
    const signatures = signer.identityUuid
      ? await db
          .select()
          .from(schema.applicationSignatures)
          .where(
            and(
              eq(schema.applicationSignatures.applicationUuid, signer.applicationUuid),
              eq(schema.applicationSignatures.signerIdentityUuid, signer.identityUuid),
            ),
          )
      : [];
    return [...readable, ...mine].map((doc) => ({
      row: doc,
      view: {
        uuid: doc.uuid,
        type: doc.type,
        fileName: doc.fileName,
        signingMethod: SIGNER_ESIGNED.includes(doc.type as TDocumentType)
          ? ('ESIGN' as const)
          : doc.type === 'DEED_OF_TRUST'
            ? ('NOTARY' as const)
            : ('NONE' as const),
        signed:
          signatures.some((each) => each.documentUuid === doc.uuid) ||
          (doc.type === 'DEED_OF_TRUST' && signer.notarizedAt !== null),
      },
    }));
  }

  async function requireConditionsFlag(orgCode: string) {
    const decision = await featureDecision(app.db, FEATURE_FLAGS.additionalSignerConditions, orgCode);
    if (!decision.enabled) throw new AppError('NOT_FOUND', 'Not found');
  }

  // ---- Primary: invite, re-send, cancel ------------------------------------------------------

  app.post(
    `${APPLICATION}/:uuid/co-deed/invitations`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Invite each other owner on title (name and e-mail): an e-mail with a one-time link each. An e-mail already invited gets a new link (the old one stops working).',
        params: z.object({ uuid: ZUuid }),
        body: ZCoDeedInvitationRequest,
        response: { 200: ZCoDeedStatusResponse, ...errors },
      },
    },
    async (request) => {
      const own = await ownApplication(request, request.params.uuid);
      const sent: { signer: SignerRow; token: string }[] = [];
      const answer = await withApplicationLock(app.db, own.uuid, async (tx, application) => {
        if (application.step !== 'CO_DEED') {
          throw new AppError('CONFLICT', 'Additional signers are invited once your documents are signed', {
            step: application.step,
          });
        }
        const existing = await activeSigners(tx, application.uuid);
        const primary = await tx
          .select({ email: schema.identities.email })
          .from(schema.identities)
          .where(eq(schema.identities.uuid, application.identityUuid));
        for (const invitee of request.body.signers) {
          if (invitee.email === primary[0]?.email) {
            throw new AppError('BAD_REQUEST', 'Enter the other owner’s email, not yours', {
              fields: { email: 'Enter the other owner’s email' },
            });
          }
          const link = newLinkToken();
          const expiresAt = new Date(clock.now().getTime() + INVITATION_TTL_HOURS * 3600_000);
          const found = existing.find((each) => each.email === invitee.email);
          if (found && found.status !== 'INVITED') continue; // already accepted: nothing to re-send
          const row = found
            ? await updateSigner(tx, found.uuid, {
                firstName: invitee.firstName,
                lastName: invitee.lastName,
                tokenHash: link.hash,
                tokenExpiresAt: expiresAt,
                invitedAt: clock.now(),
              })
            : (
                await tx
                  .insert(schema.coDeedSigners)
                  .values({
                    applicationUuid: application.uuid,
                    firstName: invitee.firstName,
                    lastName: invitee.lastName,
                    email: invitee.email,
                    status: 'INVITED',
                    tokenHash: link.hash,
                    tokenExpiresAt: expiresAt,
                    invitedAt: clock.now(),
                  })
                  .returning()
              )[0]!;
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
        const [signer] = await tx
          .select()
          .from(schema.coDeedSigners)
          .where(
            and(
              eq(schema.coDeedSigners.uuid, request.params.signerUuid.toLowerCase()),
              eq(schema.coDeedSigners.applicationUuid, application.uuid),
            ),
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
    const all =
      role === 'PRIMARY'
        ? [
            ...signers,
            ...(await db
              .select()
              .from(schema.coDeedSigners)
              .where(
                and(
                  eq(schema.coDeedSigners.applicationUuid, application.uuid),
                  eq(schema.coDeedSigners.status, 'CANCELLED'),
                ),
              )),
          ]
        : [];
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
        const [application] = await app.db
          .select()
          .from(schema.helocApplications)
          .where(eq(schema.helocApplications.uuid, signer.applicationUuid));
        const answer = await statusFor(app.db, application!, 'SIGNER', signer.uuid);
        // A cancelled signer still learns their own state (the web shows heloc-signer/cancelled).
        if (signer.status === 'CANCELLED') answer.signers = [toSigner(signer)];
        return answer;
      }
      const wanted = request.query.applicationUuid?.toLowerCase();
      const [application] = await app.db
        .select()
        .from(schema.helocApplications)
        .where(
          and(
            eq(schema.helocApplications.identityUuid, identityUuid),
            wanted ? eq(schema.helocApplications.uuid, wanted) : undefined,
          ),
        )
        .orderBy(desc(schema.helocApplications.createdAt))
        .limit(1);
      if (!application) throw new AppError('NOT_FOUND', 'Application not found');
      return statusFor(app.db, application, 'PRIMARY');
    },
  );

  // ---- The link: read and accept --------------------------------------------------------------

  async function signerByToken(db: Executor, token: string): Promise<SignerRow> {
    const [signer] = await db
      .select()
      .from(schema.coDeedSigners)
      .where(eq(schema.coDeedSigners.tokenHash, hashLinkToken(token)));
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
      const [application] = await app.db
        .select({ identityUuid: schema.helocApplications.identityUuid })
        .from(schema.helocApplications)
        .where(eq(schema.helocApplications.uuid, signer.applicationUuid));
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
        body: ZCoDeedAcceptRequest,
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
      const [application] = await app.db
        .select()
        .from(schema.helocApplications)
        .where(eq(schema.helocApplications.uuid, preview.applicationUuid));
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
        return account;
      });
      return { jwt: await startSession(app, reply, identity, options.sessionTtlHours) };
    },
  );

  // ---- Signer: their own data, documents, signature, notary, conditions --------------------------

  async function signerView(signer: SignerRow) {
    const [application] = await app.db
      .select()
      .from(schema.helocApplications)
      .where(eq(schema.helocApplications.uuid, signer.applicationUuid));
    const [property] = application!.selectedPropertyUuid
      ? await app.db
          .select()
          .from(schema.profileAddresses)
          .where(eq(schema.profileAddresses.uuid, application!.selectedPropertyUuid))
      : [];
    return {
      uuid: signer.uuid,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      status: signer.status as SignerProgress,
      loanNumber: application!.loanNumber,
      primaryName: await primaryNameOf(app.db, application!.identityUuid),
      property: property
        ? { street1: property.street1, city: property.city, state: property.state, zip: property.zip }
        : null,
      lineAmountCents: application!.amountCents,
      primaryWaiting: application!.step === 'CO_DEED',
    };
  }

  app.get(
    `${SIGNER}`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in signer: their progress and the loan their home secures (no borrower data)',
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => signerView(await signerOf(request)),
  );

  app.post(
    `${SIGNER}/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signer’s name as on their ID, birth date and phone',
        body: ZSignerIdentityRequest,
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      const { firstName, lastName, dob, phoneNumber } = request.body;
      // The deed names the owners on title: the last name must be the one the borrower gave.
      if (lastName.toLowerCase() !== signer.lastName.toLowerCase()) {
        throw new AppError('BAD_REQUEST', 'Your last name must match the name on title', {
          fields: { lastName: 'Must match the name on title' },
        });
      }
      const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
        await tx
          .update(schema.profiles)
          .set({ firstName, lastName, dob })
          .where(eq(schema.profiles.identityUuid, signer.identityUuid!));
        await setPrimaryPhoneNumber(tx, signer.identityUuid!, phoneNumber);
        return updateSigner(tx, signer.uuid, {
          firstName,
          lastName,
          ...(signer.status === 'ACCEPTED' && {
            status: 'IDENTITY_VERIFIED',
            identityVerifiedAt: clock.now(),
          }),
        });
      });
      return signerView(updated);
    },
  );

  app.get(
    `${SIGNER}/documents`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The documents the signer signs or receives (never the borrower’s income, identity or bank papers)',
        response: { 200: z.object({ documents: z.array(ZSignerDocument) }), ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      return { documents: (await signerDocuments(app.db, signer)).map((each) => each.view) };
    },
  );

  app.get(
    `${SIGNER}/documents/:documentUuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One of the signer’s documents (PDF); any other document answers 404',
        params: z.object({ documentUuid: ZUuid }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const signer = await openSigner(request);
      const found = (await signerDocuments(app.db, signer)).find(
        (each) => each.row.uuid === request.params.documentUuid.toLowerCase(),
      );
      const file = found ? await app.storage.get(found.row.fileKey) : null;
      if (!found || !file) throw new AppError('NOT_FOUND', 'Document not found');
      return reply
        .header('content-type', found.row.contentType)
        .header('content-disposition', `inline; filename="${found.row.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    `${SIGNER}/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'E-sign one of the signer’s documents (E-SIGN consent required); the last one completes their e-signing',
        body: z.object({
          documentUuid: ZUuid,
          esignConsent: z.literal(true, { error: 'You must agree to sign electronically' }),
          esignDisclosureVersion: z.literal(ESIGN_DISCLOSURE_VERSION),
          scrolledToBottom: z.literal(true, { error: 'Read the whole document first' }),
          /** Where the signer signs (the web app asks the browser after the location alert). */
          location: ZSigningLocation.optional(),
        }),
        response: {
          200: z.object({ status: ZSignerView.shape.status, remaining: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status === 'ACCEPTED') throw new AppError('CONFLICT', 'Confirm your identity first');
      return withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
        const documents = (await signerDocuments(tx, signer)).filter(
          (each) => each.view.signingMethod === 'ESIGN',
        );
        const doc = documents.find((each) => each.row.uuid === request.body.documentUuid.toLowerCase());
        if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
        if (!doc.view.signed) {
          await recordSignature(tx, {
            applicationUuid: signer.applicationUuid,
            document: doc.row,
            signerIdentityUuid: signer.identityUuid!,
            esignConsentVersion: request.body.esignDisclosureVersion,
            location: request.body.location,
            signedAt: clock.now(),
          });
        }
        const remaining = documents.filter(
          (each) => each.row.uuid !== doc.row.uuid && !each.view.signed,
        ).length;
        if (remaining > 0 || signer.status !== 'IDENTITY_VERIFIED') {
          return { status: signer.status as SignerProgress, remaining };
        }
        const updated = await updateSigner(tx, signer.uuid, { status: 'SIGNED', signedAt: clock.now() });
        return { status: updated.status as SignerProgress, remaining: 0 };
      });
    },
  );

  app.post(
    `${SIGNER}/notary/session`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Start the signer’s online notary session for the deed (during notary hours)',
        response: {
          200: z.object({ sessionId: z.string(), joinUrl: z.string(), expiresAt: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status !== 'SIGNED') {
        throw new AppError(
          'CONFLICT',
          signer.status === 'COMPLETE' ? 'Your deed is notarized' : 'Sign your documents first',
        );
      }
      const started = await app.providers.notary.startElectronicSession({
        applicationUuid: signer.applicationUuid,
        signerIds: [signer.identityUuid!],
      });
      if (started.outcome === 'UNAVAILABLE') {
        throw new AppError('CONFLICT', 'Notaries are available during notary hours only', {
          nextAvailableAt: started.nextAvailableAt?.toISOString() ?? null,
        });
      }
      await updateSigner(app.db, signer.uuid, {
        notarySession: {
          sessionId: started.session.sessionId,
          joinUrl: started.session.joinUrl,
          startedAt: started.session.startedAt.toISOString(),
          expiresAt: started.session.expiresAt.toISOString(),
        },
      });
      return {
        sessionId: started.session.sessionId,
        joinUrl: started.session.joinUrl,
        expiresAt: started.session.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    `${SIGNER}/notary/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Sign the deed in the notary session; the notarised signature completes the signer (and, when every signer is done, the borrower goes on to the notary)',
        body: z.object({ esignConsent: z.literal(true, { error: 'You must agree to sign electronically' }) }),
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status === 'COMPLETE') return signerView(signer);
      const session = signer.notarySession;
      if (signer.status !== 'SIGNED' || !session)
        throw new AppError('CONFLICT', 'Start the notary session first');
      const result = await app.providers.notary.completeElectronicSession({
        session: {
          sessionId: String(session.sessionId),
          joinUrl: String(session.joinUrl),
          startedAt: new Date(String(session.startedAt)),
          expiresAt: new Date(String(session.expiresAt)),
        },
      });
      if (result.outcome === 'SESSION_EXPIRED') {
        await updateSigner(app.db, signer.uuid, { notarySession: null });
        throw new AppError('CONFLICT', 'The notary session expired. Start a new one.', { expired: true });
      }
      const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx, application) => {
        const row = await updateSigner(tx, signer.uuid, {
          status: 'COMPLETE',
          notarizedAt: result.notarizedAt,
          notarySession: null,
        });
        await releasePrimaryIfDone(tx, application);
        return row;
      });
      return signerView(updated);
    },
  );

  const conditionsOf = (signer: SignerRow) =>
    signer.conditions.map((each) => ({
      uuid: each.uuid,
      type: each.type,
      description: each.description,
      createdAt: each.createdAt,
      cleared: each.clearedAt !== null,
    }));

  app.get(
    `${SIGNER}/conditions`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signer’s conditions (fe-heloc-additional-signer-conditions; 404 while it is off)',
        response: { 200: z.array(ZSignerCondition), ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      await requireConditionsFlag(authOf(request).orgCode);
      return conditionsOf(signer);
    },
  );

  for (const kind of ['upload-document', 'identity'] as const) {
    app.post(
      `${SIGNER}/conditions/${kind}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            kind === 'identity'
              ? 'Clear the identity condition with a photo of the front of the signer’s ID (multipart: one `file`, JPEG or PNG)'
              : 'Clear a document condition (multipart: `conditionUuid` field and one `file`; PDF, JPEG or PNG)',
          consumes: ['multipart/form-data'],
          response: { 200: z.array(ZSignerCondition), ...errors },
        },
      },
      async (request) => {
        const signer = await openSigner(request);
        await requireConditionsFlag(authOf(request).orgCode);
        const upload = await receiveUpload(
          request,
          kind === 'identity' ? IMAGE_CONTENT_TYPES : DOCUMENT_CONTENT_TYPES,
        );
        const type = kind === 'identity' ? 'IDENTITY' : 'UPLOAD_DOCUMENT';
        const wanted = typeof upload.fields.conditionUuid === 'string' ? upload.fields.conditionUuid : null;
        const open = signer.conditions.find(
          (each) =>
            each.type === type && each.clearedAt === null && (wanted === null || each.uuid === wanted),
        );
        if (!open) throw new AppError('NOT_FOUND', 'No open condition of this kind');
        const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
          const stored = await storeApplicationDocument(tx, app.storage, clock, {
            applicationUuid: signer.applicationUuid,
            type: kind === 'identity' ? 'DRIVERS_LICENSE_FRONT' : 'SUPPORT',
            bytes: upload.bytes,
            contentType: upload.contentType,
            fileName: upload.fileName,
            ownerIdentityUuid: signer.identityUuid,
          });
          const conditions: CoDeedCondition[] = signer.conditions.map((each) =>
            each.uuid === open.uuid
              ? { ...each, clearedAt: clock.now().toISOString(), documentUuid: stored.uuid }
              : each,
          );
          return updateSigner(tx, signer.uuid, { conditions });
        });
        return conditionsOf(updated);
      },
    );
  }

  // ---- Operations (staff): a signer's condition, the mail outbox ------------------------------

  app.post(
    '/service-ops/api/v1/co-deed/signers/:signerUuid/conditions',
    {
      ...staffRoute(app, 'CONDITIONS_RAISE'),
      schema: {
        tags: [STAFF_TAG, ...tags],
        summary: 'Raise a condition for an additional signer (staff of the signer’s organisation)',
        params: z.object({ signerUuid: ZUuid }),
        body: z.object({
          type: z.enum(['IDENTITY', 'UPLOAD_DOCUMENT']),
          description: z.string().trim().min(1).max(500),
        }),
        response: { 200: z.array(ZSignerCondition), ...errors },
      },
    },
    async (request) => {
      const [found] = await app.db
        .select({ signer: schema.coDeedSigners, orgCode: schema.helocApplications.orgCode })
        .from(schema.coDeedSigners)
        .innerJoin(
          schema.helocApplications,
          eq(schema.helocApplications.uuid, schema.coDeedSigners.applicationUuid),
        )
        .where(eq(schema.coDeedSigners.uuid, request.params.signerUuid.toLowerCase()));
      await authorizeStaff(request, 'CONDITIONS_RAISE', found?.orgCode, 'Signer not found');
      if (!found) throw new AppError('NOT_FOUND', 'Signer not found');
      const condition: CoDeedCondition = {
        uuid: randomUUID(),
        type: request.body.type,
        description: request.body.description,
        createdAt: clock.now().toISOString(),
        clearedAt: null,
        documentUuid: null,
      };
      const updated = await updateSigner(app.db, found.signer.uuid, {
        conditions: [...found.signer.conditions, condition],
      });
      return conditionsOf(updated);
    },
  );

  app.get(
    '/service-ops/api/v1/mail/outbox',
    {
      ...staffRoute(app, 'MAIL_OUTBOX_READ'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary:
          'The e-mail outbox (MAIL_TRANSPORT=outbox), newest first, of the staff member’s organisation',
        querystring: z.object({
          to: ZEmailAddress.optional(),
          /** Platform staff: one organisation's mail (default: every organisation's). */
          orgCode: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(20),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              createdAt: z.string(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'MAIL_OUTBOX_READ', request.query.orgCode);
      const entries = await readOutbox(app.db, {
        ...(request.query.to && { to: request.query.to }),
        limit: 200,
      });
      return entries
        .filter((entry) => orgCode === null || entry.orgCode === orgCode)
        .slice(0, request.query.limit)
        .map((entry) => ({
          id: entry.id,
          to: entry.to,
          subject: entry.subject,
          text: entry.text,
          createdAt: entry.createdAt.toISOString(),
        }));
    },
  );
};
