/**
 * The SQL of the engine's first slice (profile → offer): the routes in ./routes/ and the jobs in
 * ./jobs/ call these and hold no query of their own (the offers' replacement too: the submission's
 * requalification prices them again). Functions take the executor first (a transaction under the
 * application lock, or the database) and never decide a step: that is the step table's job.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { schema } from '../db';
import type { ApplicationRow } from '../workflow/step-machine';
import type { PropertyCandidate } from './store';

/** Whether the borrower already gave a consent of `type` on the application. */
export async function hasConsent(db: Executor, applicationUuid: string, type: string): Promise<boolean> {
  const [consent] = await db
    .select({ uuid: schema.applicationConsents.uuid })
    .from(schema.applicationConsents)
    .where(
      and(
        eq(schema.applicationConsents.applicationUuid, applicationUuid),
        eq(schema.applicationConsents.type, type),
      ),
    );
  return consent !== undefined;
}

/** The id of one of the borrower's own addresses, or null when it is not theirs (or unknown). */
export async function findOwnAddressUuid(
  db: Executor,
  identityUuid: string,
  addressUuid: string,
): Promise<string | null> {
  const [property] = await db
    .select({ uuid: schema.profileAddresses.uuid })
    .from(schema.profileAddresses)
    .where(
      and(
        eq(schema.profileAddresses.uuid, addressUuid),
        eq(schema.profileAddresses.identityUuid, identityUuid),
      ),
    );
  return property?.uuid ?? null;
}

/** Writes the borrower's name and birth date (the basic-info step). */
export async function updateProfileNameAndDob(
  db: Executor,
  identityUuid: string,
  input: {
    name: { firstName: string; middleName?: string | null; lastName: string; suffix?: string | null };
    dob: string;
  },
): Promise<void> {
  await db
    .update(schema.profiles)
    .set({
      firstName: input.name.firstName,
      middleName: input.name.middleName ?? null,
      lastName: input.name.lastName,
      suffix: input.name.suffix ?? null,
      dob: input.dob,
    })
    .where(eq(schema.profiles.identityUuid, identityUuid));
}

/** Makes one of the borrower's addresses the application's property. */
export async function setSelectedProperty(
  db: Executor,
  applicationUuid: string,
  addressUuid: string,
): Promise<void> {
  await db
    .update(schema.helocApplications)
    .set({ selectedPropertyUuid: addressUuid })
    .where(eq(schema.helocApplications.uuid, applicationUuid));
}

/** Adds an address to the borrower's profile; answers its id. */
export async function insertAddress(
  db: Executor,
  identityUuid: string,
  address: Pick<PropertyCandidate, 'street1' | 'street2' | 'city' | 'state' | 'zip'>,
): Promise<string> {
  const [row] = await db
    .insert(schema.profileAddresses)
    .values({
      identityUuid,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      state: address.state,
      zip: address.zip,
    })
    .returning({ uuid: schema.profileAddresses.uuid });
  return row!.uuid;
}

/** The properties of record the lookup found when several matched (its latest PROPERTY_MULTIPLE). */
export async function listPropertyCandidates(
  db: Executor,
  applicationUuid: string,
): Promise<PropertyCandidate[]> {
  const [row] = await db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, 'PROPERTY_MULTIPLE'),
      ),
    )
    .orderBy(desc(schema.applicationEvents.id))
    .limit(1);
  const candidates = row?.data.candidates;
  return Array.isArray(candidates) ? (candidates as PropertyCandidate[]) : [];
}

/** The liens found on the property, first position first, as the borrower sees them. */
export async function listLiens(db: Executor, applicationUuid: string) {
  const rows = await db
    .select()
    .from(schema.applicationLiens)
    .where(eq(schema.applicationLiens.applicationUuid, applicationUuid))
    .orderBy(schema.applicationLiens.position);
  return rows.map((row) => ({
    uuid: row.uuid,
    position: row.position,
    lenderName: row.lenderName,
    balanceCents: row.balanceCents,
    monthlyPaymentCents: row.monthlyPaymentCents,
    source: row.source === 'BORROWER' ? ('BORROWER' as const) : ('PROVIDER' as const),
  }));
}

/** The provider's liens replace any earlier unconfirmed ones (a re-run lookup, another property). */
export async function replaceProviderLiens(
  db: Executor,
  applicationUuid: string,
  liens: readonly {
    position: number;
    lenderName: string;
    balanceCents: number;
    monthlyPaymentCents: number;
  }[],
): Promise<void> {
  await db
    .delete(schema.applicationLiens)
    .where(eq(schema.applicationLiens.applicationUuid, applicationUuid));
  if (liens.length > 0) {
    await db.insert(schema.applicationLiens).values(
      liens.map((lien) => ({
        applicationUuid,
        position: lien.position,
        lenderName: lien.lenderName,
        balanceCents: lien.balanceCents,
        monthlyPaymentCents: lien.monthlyPaymentCents,
        source: 'PROVIDER',
      })),
    );
  }
}

/** Records the borrower's corrected balances (the corrected liens then count as the borrower's) and confirms every lien. */
export async function confirmLiens(
  db: Executor,
  applicationUuid: string,
  corrections: readonly { uuid: string; balanceCents: number }[],
): Promise<void> {
  for (const correction of corrections) {
    await db
      .update(schema.applicationLiens)
      .set({ balanceCents: correction.balanceCents, source: 'BORROWER' })
      .where(
        and(
          eq(schema.applicationLiens.applicationUuid, applicationUuid),
          eq(schema.applicationLiens.uuid, correction.uuid.toLowerCase()),
        ),
      );
  }
  await db
    .update(schema.applicationLiens)
    .set({ confirmed: true })
    .where(eq(schema.applicationLiens.applicationUuid, applicationUuid));
}

export type OfferRow = typeof schema.applicationOffers.$inferSelect;

/** Replaces the application's offers with newly priced ones. */
export async function replaceOffers(
  db: Executor,
  applicationUuid: string,
  offers: readonly { termYears: number; rateBps: number; originationFeeBps: number; lineCents: number }[],
): Promise<void> {
  await db
    .delete(schema.applicationOffers)
    .where(eq(schema.applicationOffers.applicationUuid, applicationUuid));
  await db.insert(schema.applicationOffers).values(
    offers.map((offer) => ({
      applicationUuid,
      termYears: offer.termYears,
      rateBps: offer.rateBps,
      originationFeeBps: offer.originationFeeBps,
      maxLineCents: offer.lineCents,
    })),
  );
}

/** The priced offers, by term then fee. */
export async function listOffers(db: Executor, applicationUuid: string): Promise<OfferRow[]> {
  return db
    .select()
    .from(schema.applicationOffers)
    .where(eq(schema.applicationOffers.applicationUuid, applicationUuid))
    .orderBy(schema.applicationOffers.termYears, schema.applicationOffers.originationFeeBps);
}

/** Marks `offer` the only selected one and copies its terms and the amount onto the application. */
export async function selectOffer(
  db: Executor,
  applicationUuid: string,
  offer: Pick<OfferRow, 'uuid' | 'termYears' | 'rateBps' | 'originationFeeBps'>,
  amountCents: number,
): Promise<void> {
  await db
    .update(schema.applicationOffers)
    .set({ selected: false })
    .where(eq(schema.applicationOffers.applicationUuid, applicationUuid));
  await db
    .update(schema.applicationOffers)
    .set({ selected: true })
    .where(eq(schema.applicationOffers.uuid, offer.uuid));
  await db
    .update(schema.helocApplications)
    .set({
      termYears: offer.termYears,
      rateBps: offer.rateBps,
      originationFeeBps: offer.originationFeeBps,
      amountCents,
    })
    .where(eq(schema.helocApplications.uuid, applicationUuid));
}

/** An application by id, or null. */
export async function findApplication(db: Executor, uuid: string): Promise<ApplicationRow | null> {
  const [application] = await db
    .select()
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, uuid));
  return application ?? null;
}

/** The id of `identityUuid`'s own application `uuid`, or null when it is someone else's or unknown. */
export async function findOwnApplicationUuid(
  db: Executor,
  identityUuid: string,
  uuid: string,
): Promise<string | null> {
  const [owned] = await db
    .select({ uuid: schema.helocApplications.uuid })
    .from(schema.helocApplications)
    .where(
      and(eq(schema.helocApplications.uuid, uuid), eq(schema.helocApplications.identityUuid, identityUuid)),
    );
  return owned?.uuid ?? null;
}

/** The owner, step and flags of an application, or null: all the status poll needs (it is hot). */
export async function findApplicationStatus(db: Executor, uuid: string) {
  const [row] = await db
    .select({
      identityUuid: schema.helocApplications.identityUuid,
      step: schema.helocApplications.step,
      flags: schema.helocApplications.statusFlags,
    })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, uuid));
  return row ?? null;
}
