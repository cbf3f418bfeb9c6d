/** Password hashing (argon2id) with equal work for unknown accounts, so timing tells nothing. */
import { hash, verify } from '@node-rs/argon2';

/** Verified against when the e-mail is unknown, so both answers cost one argon2 verification. */
const UNKNOWN_ACCOUNT_HASH = hash('no account has this password, it only spends the time');

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verify(await UNKNOWN_ACCOUNT_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
