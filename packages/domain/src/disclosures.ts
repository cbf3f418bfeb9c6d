/**
 * The disclosure versions registry: the version of each consent text a borrower or co-owner agrees
 * to. The server records the version with each consent or signature (a sign call naming another
 * E-SIGN version is refused), the web and the test drivers send the E-SIGN one back. A new wording
 * gets a new version here and nowhere else.
 */
export const DISCLOSURE_VERSIONS = {
  /** E-SIGN disclosure, consented to before signing electronically (borrower and co-owners). */
  esign: 'esign-2026-01',
  /** Hard-credit authorisation (the additional profile, moreProfile). */
  hardCredit: 'hard-credit-2026-01',
  /** Soft-credit consent (the profile, before the soft pull). */
  softCredit: 'soft-credit-2026-01',
} as const;
export type TDisclosureKind = keyof typeof DISCLOSURE_VERSIONS;

/** Version of the E-SIGN disclosure; each signature records it, and a sign call naming another is refused. */
export const ESIGN_DISCLOSURE_VERSION = DISCLOSURE_VERSIONS.esign;
/** Version of the hard-credit authorisation text (kept with the consent). */
export const HARD_CREDIT_DISCLOSURE_VERSION = DISCLOSURE_VERSIONS.hardCredit;
/** Version of the soft-credit consent text (kept with the consent). */
export const SOFT_CREDIT_DISCLOSURE_VERSION = DISCLOSURE_VERSIONS.softCredit;
