/**
 * What the co-owner route files share: paths, messages, the signer view of a row, and the helpers that
 * need the app (the caller's own application or signer record, the invitation e-mail, releasing the
 * primary once every signer has finished).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';
import {
  FEATURE_FLAGS,
  signerScreenPath,
  ZApiErrorBody,
  type TCoDeedSigner,
  type TDocumentType,
} from '@heloc/domain';
import type { schema, Executor } from '../../../db';
import { currentClosingDocuments } from '../../../engine/closing/documents';
import { moveClosing } from '../../../engine/closing/store';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { type ApplicationRow } from '../../../workflow/step-machine';
import { featureDecision } from '../../feature-flags/service';
import { coDeedInvitationMail } from '../../../mail/templates';
import { activeSigners, INVITATION_TTL_HOURS, type SignerRow } from '../store';
import {
  findApplication,
  findProfileName,
  listDocumentsOwnedBy,
  listSignaturesBy,
  listSignersOfIdentity,
  updateSigner as updateSignerRow,
} from '../repository';

export const APPLICATION = '/service-application/api/v1/application/heloc';
export const SIGNER = `${APPLICATION}/co-deed/signer`;
export const tags = ['co-deed'];
export const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
  409: ZApiErrorBody,
};

/** What a signer e-signs: the disclosure of the loan their home secures (acknowledged) and the deed. */
export const SIGNER_ESIGNED: readonly TDocumentType[] = ['CLOSING_DISCLOSURE'];
/** What a signer may read: those, the deed they sign before the notary, and their own notice. */
export const SIGNER_READABLE: readonly TDocumentType[] = [...SIGNER_ESIGNED, 'DEED_OF_TRUST'];

export const EXPIRED_LINK = 'This link has expired. Ask the borrower to send a new invitation.';
export const INVALID_LINK =
  'This link is not valid. It may have been used already or replaced by a newer one.';

export type SignerProgress = TCoDeedSigner['status'];

export const conditionsOf = (signer: SignerRow) =>
  signer.conditions.map((each) => ({
    uuid: each.uuid,
    type: each.type,
    description: each.description,
    createdAt: each.createdAt,
    cleared: each.clearedAt !== null,
  }));

export function coDeedContext(app: FastifyInstance) {
  const clock = app.clock;

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
    const profile = await findProfileName(db, identityUuid);
    return profile ? `${profile.firstName} ${profile.lastName}` : 'The borrower';
  }

  /** The caller's own application (primary only): anyone else's, or none, answers 404. */
  async function ownApplication(request: FastifyRequest, uuid: string): Promise<ApplicationRow> {
    const { identityUuid, profileType } = authOf(request);
    const found = await findApplication(app.db, uuid.toLowerCase());
    const application = found?.identityUuid === identityUuid ? found : null;
    if (!application || profileType === 'CO_DEEDER') throw new AppError('NOT_FOUND', 'Application not found');
    return application;
  }

  /** The signer record of the signed-in CO_DEEDER (the newest one still open, else the newest). */
  async function signerOf(request: FastifyRequest): Promise<SignerRow> {
    const { identityUuid, profileType } = authOf(request);
    if (profileType !== 'CO_DEEDER') throw new AppError('FORBIDDEN', 'For additional signers only');
    const rows = await listSignersOfIdentity(app.db, identityUuid);
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
    return updateSignerRow(db, uuid, values, clock.now());
  }

  async function sendInvitation(application: ApplicationRow, signer: SignerRow, token: string) {
    const org = app.orgs.byOrgCode(application.orgCode);
    const brand = org?.orgMetaData.companyInfo.companyNameShort ?? 'Your lender';
    const base = org ? org.baseUrl.replace(/\/+$/, '') : '';
    const link = `${base}${signerScreenPath('resume')}?token=${token}`;
    const primary = await primaryNameOf(app.db, application.identityUuid);
    await app.mailer.send({
      to: signer.email,
      orgCode: application.orgCode,
      ...coDeedInvitationMail({
        signerFirstName: signer.firstName,
        primaryName: primary,
        lenderName: brand,
        link,
        validDays: INVITATION_TTL_HOURS / 24,
      }),
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
      ? await listDocumentsOwnedBy(db, signer.applicationUuid, signer.identityUuid)
      : [];
    const readable = current.filter((doc) => SIGNER_READABLE.includes(doc.type as TDocumentType));
    // Their own notices of right to cancel (issued when the rescission starts) and uploads.
    const mine = own.filter((doc) => !readable.some((each) => each.uuid === doc.uuid));
    const signatures = signer.identityUuid
      ? await listSignaturesBy(db, signer.applicationUuid, signer.identityUuid)
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

  return {
    toSigner,
    primaryNameOf,
    ownApplication,
    signerOf,
    openSigner,
    updateSigner,
    sendInvitation,
    releasePrimaryIfDone,
    signerDocuments,
    requireConditionsFlag,
  };
}
