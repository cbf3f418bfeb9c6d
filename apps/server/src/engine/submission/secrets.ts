/** Sealed identifiers of a borrower (DESIGN.md §9): the SSN on the profile, the freeze PIN on the application. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { FieldSealer } from '../../lib/sealed';

/** What a sealed SSN is bound to: its owner, and the purpose (one key seals several kinds of field). */
export const ssnContext = (identityUuid: string) => `ssn:${identityUuid}`;
export const freezePinContext = (applicationUuid: string) => `freeze-pin:${applicationUuid}`;

/** Keeps the 9-digit SSN sealed (bound to the identity) and its last 4 for display. */
export async function sealSsn(tx: Executor, sealer: FieldSealer, identityUuid: string, ssnDigits: string) {
  const digits = ssnDigits.replace(/\D/g, '');
  if (digits.length !== 9) throw new RangeError('An SSN has 9 digits');
  await tx
    .update(schema.profiles)
    .set({
      ssnEncrypted: sealer.seal(digits, ssnContext(identityUuid)),
      ssnLast4: digits.slice(-4),
      hasSsn: true,
    })
    .where(eq(schema.profiles.identityUuid, identityUuid));
}

/** Keeps the bureau freeze PIN sealed (bound to the application) for the hard pull after submission. */
export async function sealFreezePin(tx: Executor, sealer: FieldSealer, applicationUuid: string, pin: string) {
  await tx
    .update(schema.helocApplications)
    .set({ creditFreezePinEncrypted: sealer.seal(pin, freezePinContext(applicationUuid)) })
    .where(eq(schema.helocApplications.uuid, applicationUuid));
}
