/** Sealed identifiers of a borrower (DESIGN.md §9): the SSN on the profile, the freeze PIN on the application. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { FieldCrypto } from './field-crypto';

/** Keeps the 9-digit SSN sealed (bound to the identity) and its last 4 for display. */
export async function sealSsn(tx: Executor, crypto: FieldCrypto, identityUuid: string, ssnDigits: string) {
  const digits = ssnDigits.replace(/\D/g, '');
  if (digits.length !== 9) throw new RangeError('An SSN has 9 digits');
  await tx
    .update(schema.profiles)
    .set({ ssnEncrypted: crypto.seal(digits, identityUuid), ssnLast4: digits.slice(-4), hasSsn: true })
    .where(eq(schema.profiles.identityUuid, identityUuid));
}

/** Keeps the bureau freeze PIN sealed (bound to the application) for the hard pull after submission. */
export async function sealFreezePin(tx: Executor, crypto: FieldCrypto, applicationUuid: string, pin: string) {
  await tx
    .update(schema.helocApplications)
    .set({ creditFreezePinEncrypted: crypto.seal(pin, applicationUuid) })
    .where(eq(schema.helocApplications.uuid, applicationUuid));
}
