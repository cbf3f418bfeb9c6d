/**
 * Additional signers (co-deeders) as data: who must sign, how far each has got, and what the
 * primary's application shows (coDeedStatus, helocSigners). The engine asks two questions of it —
 * must the primary wait at CO_DEED, and who are the owners whose notices of right to cancel and
 * signatures date the rescission — so the closing step table stays the one place steps change.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { TApplicationStep, TCoDeedStatus } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type SignerRow = typeof schema.coDeedSigners.$inferSelect;

/**
 * The steps at which the borrower may name the other owners ahead of time (status LISTED): after the
 * submission and before the closing package is rendered, so the deed of trust names every owner
 * (issue 19). GEN_CLOSING_DOCS itself is left out: its job may be rendering the package right then.
 * Their links go out from CO_DEED, once the borrower's own documents are signed.
 */
export const OWNER_LISTING_STEPS = [
  'INCOME_VERIFICATION',
  'WAITING_FOR_INCOME',
  'EMPLOYMENT_VERIFICATION',
  'ASSETS_PREQUAL',
  'DISBURSEMENT_ACCOUNT',
  'AUTOPAY_ACCOUNT',
  'IDENTITY_VERIFICATION',
  'WAITING_FOR_IDENTITY',
  'BPO_ORDER',
  'BPO_PROCESSING',
  'CLTV_REQUALIFY',
  'PAYOFF_PENDING',
  'WAITING_FOR_FLOOD_CERT',
] as const satisfies readonly TApplicationStep[];

export function mayListOwners(step: string): boolean {
  return (OWNER_LISTING_STEPS as readonly string[]).includes(step);
}

/** How long an invitation link works (ours: a week, the time an owner reasonably needs to act). */
export const INVITATION_TTL_HOURS = 7 * 24;

export const fullName = (signer: Pick<SignerRow, 'firstName' | 'lastName'>) =>
  `${signer.firstName} ${signer.lastName}`;

/** The signers of an application that still count (not cancelled), in invitation order. */
export async function activeSigners(db: Executor, applicationUuid: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(schema.coDeedSigners)
    .where(
      and(
        eq(schema.coDeedSigners.applicationUuid, applicationUuid),
        ne(schema.coDeedSigners.status, 'CANCELLED'),
      ),
    )
    .orderBy(asc(schema.coDeedSigners.invitedAt), asc(schema.coDeedSigners.uuid));
}

/** Whether the property is held jointly: then every other owner on title must sign. */
export async function isJointlyOwned(
  db: Executor,
  application: { selectedPropertyUuid: string | null },
): Promise<boolean> {
  if (!application.selectedPropertyUuid) return false;
  const [property] = await db
    .select({ ownership: schema.profileAddresses.ownership })
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.uuid, application.selectedPropertyUuid));
  return property?.ownership === 'JOINT';
}

/**
 * Whether the primary must wait at CO_DEED after their own signatures: the home is held jointly, or
 * signers were invited, and not every signer has finished.
 */
export async function mustWaitForSigners(
  db: Executor,
  application: { uuid: string; selectedPropertyUuid: string | null },
): Promise<boolean> {
  const signers = await activeSigners(db, application.uuid);
  if (signers.length > 0) return signers.some((signer) => signer.status !== 'COMPLETE');
  return isJointlyOwned(db, application);
}

export function coDeedStatusOf(signers: readonly SignerRow[], joint: boolean): TCoDeedStatus {
  if (signers.length === 0) return joint ? 'PENDING' : 'NOT_REQUIRED';
  return signers.every((signer) => signer.status === 'COMPLETE') ? 'COMPLETE' : 'PENDING';
}

export type CoDeedView = { coDeedStatus: TCoDeedStatus; helocSigners: { identityUuid: string }[] };

/** coDeedStatus and helocSigners (signer version v1) of each application. */
export async function coDeedViews(
  db: Executor,
  applications: readonly { uuid: string; selectedPropertyUuid: string | null }[],
): Promise<Map<string, CoDeedView>> {
  const uuids = applications.map((each) => each.uuid);
  const rows = uuids.length
    ? await db
        .select()
        .from(schema.coDeedSigners)
        .where(
          and(
            inArray(schema.coDeedSigners.applicationUuid, uuids),
            ne(schema.coDeedSigners.status, 'CANCELLED'),
          ),
        )
        .orderBy(asc(schema.coDeedSigners.invitedAt))
    : [];
  const views = new Map<string, CoDeedView>();
  for (const application of applications) {
    const signers = rows.filter((row) => row.applicationUuid === application.uuid);
    views.set(application.uuid, {
      coDeedStatus: coDeedStatusOf(signers, await isJointlyOwned(db, application)),
      helocSigners: signers.flatMap((signer) =>
        signer.identityUuid ? [{ identityUuid: signer.identityUuid }] : [],
      ),
    });
  }
  return views;
}

/**
 * The other owners who have signed (for the notices of right to cancel and the rescission start):
 * each finished signer's name, identity and last signature (the notarised deed).
 */
export async function finishedOwners(
  db: Executor,
  applicationUuid: string,
): Promise<{ name: string; identityUuid: string; signedAt: Date }[]> {
  return (await activeSigners(db, applicationUuid)).flatMap((signer) =>
    signer.status === 'COMPLETE' && signer.identityUuid && signer.notarizedAt
      ? [{ name: fullName(signer), identityUuid: signer.identityUuid, signedAt: signer.notarizedAt }]
      : [],
  );
}
