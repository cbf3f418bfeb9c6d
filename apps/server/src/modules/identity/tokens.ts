/**
 * Signed session tokens (HS256 JWTs). A token names its identity and session and carries the
 * hash of the session's fingerprint cookie, so a token copied out of local storage is useless
 * without the HttpOnly cookie that only the original browser holds.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';

const ISSUER = 'heloc-platform';
const AUDIENCE = 'heloc-web';

export type TokenClaims = {
  identityUuid: string;
  sessionUuid: string;
  fingerprintHash: string;
  orgCode: string;
  profileType: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
};

/**
 * How long a verified token's claims are remembered. A polling tab sends the same token for up to a
 * minute (answers after the first minute carry a fresh one), and checking its signature again each
 * time was the largest part of the polled status endpoint's cost.
 */
export const VERIFIED_TOKEN_CACHE_MS = 60_000;
/** Room for every token of ~25,000 polling tabs (a minute's worth, two tokens each at most). */
const VERIFIED_TOKEN_CACHE_ENTRIES = 50_000;

export class TokenService {
  /**
   * Imported once: raw key bytes would be imported into the crypto engine again on every sign and
   * verify, and every authenticated request verifies a token.
   */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createSecretKey(new TextEncoder().encode(secret));
    this.verified = new TtlCache<TokenClaims>(VERIFIED_TOKEN_CACHE_MS, VERIFIED_TOKEN_CACHE_ENTRIES, now);
  }

  /**
   * Claims of tokens whose signature and claims were checked, by the exact token text: the same text
   * always carries the same claims, so only its expiry needs checking again. Revocation does not live
   * in the token (the caller checks the live session on every request).
   */
  private readonly verified: TtlCache<TokenClaims>;

  /** A token for the session; never outlives the session itself. */
  async issue(
    claims: Omit<TokenClaims, 'issuedAt' | 'expiresAt'>,
    sessionExpiresAt: Date,
  ): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAt = Math.min(issuedAt + this.ttlSeconds, Math.floor(sessionExpiresAt.getTime() / 1000));
    const token = await new SignJWT({
      sid: claims.sessionUuid,
      fph: claims.fingerprintHash,
      org: claims.orgCode,
      typ: claims.profileType,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.identityUuid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  async verify(token: string): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      // As jose decides: expired once `exp` is not after the current second.
      if (known.expiresAt <= Math.floor(this.now() / 1000)) {
        this.verified.delete(token);
        throw new AppError('UNAUTHENTICATED', 'Session expired');
      }
      return known;
    }
    const claims = await this.verifySignatureAndClaims(token);
    this.verified.set(token, claims);
    return claims;
  }

  private async verifySignatureAndClaims(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const { sub, sid, fph, org, typ, iat, exp } = payload;
      if (
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        typeof fph !== 'string' ||
        typeof org !== 'string' ||
        typeof typ !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      ) {
        throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
      }
      return {
        identityUuid: sub,
        sessionUuid: sid,
        fingerprintHash: fph,
        orgCode: org,
        profileType: typ,
        issuedAt: iat,
        expiresAt: exp,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHENTICATED', 'Session expired');
      throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
    }
  }
}
