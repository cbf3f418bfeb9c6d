/**
 * Link and public tokens of the income/bank link flow, shaped like an aggregator's (Plaid Link): the
 * server issues a short-lived link token for one application and kind; the hosted widget (our sandbox
 * widget endpoint stands in for it) turns sandbox credentials into a public token; the server
 * exchanges the public token for the link. Both tokens are encrypted JWTs (A256GCM, key derived from
 * the data key): opaque to the browser, bound to the application, expiring, and never stored.
 */
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Clock } from '../../lib/clock';
import type { FieldSealer } from '../../lib/sealed';
import { AppError } from '../../lib/errors';

export const LINK_TOKEN_TTL_SECONDS = 30 * 60;
export const PUBLIC_TOKEN_TTL_SECONDS = 30 * 60;

export type LinkTokenClaims = { applicationUuid: string; kind: 'BANK' | 'PAYROLL' };
export type PublicTokenClaims = LinkTokenClaims & {
  linkId: string;
  institutionName: string;
  accounts: { accountId: string; name: string; mask: string; type: string }[];
};

export class LinkTokens {
  private readonly key: Uint8Array;

  constructor(
    sealer: FieldSealer,
    private readonly clock: Clock,
  ) {
    this.key = new Uint8Array(sealer.derive('income-link-tokens'));
  }

  private async issue(use: string, claims: Record<string, unknown>, ttl: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new EncryptJWT({ ...claims, use })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .encrypt(this.key);
  }

  private async read(token: string, use: string, applicationUuid: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtDecrypt(token, this.key, { currentDate: this.clock.now() });
      if (payload.use !== use || payload.applicationUuid !== applicationUuid) throw new Error('wrong token');
      return payload;
    } catch {
      throw new AppError(
        'BAD_REQUEST',
        'The link has expired or is not valid. Please connect your account again.',
        {
          reason: 'INVALID_TOKEN',
        },
      );
    }
  }

  linkToken(claims: LinkTokenClaims): Promise<string> {
    return this.issue('link', claims, LINK_TOKEN_TTL_SECONDS);
  }

  async readLinkToken(token: string, applicationUuid: string): Promise<LinkTokenClaims> {
    return (await this.read(token, 'link', applicationUuid)) as unknown as LinkTokenClaims;
  }

  publicToken(claims: PublicTokenClaims): Promise<string> {
    return this.issue('public', claims, PUBLIC_TOKEN_TTL_SECONDS);
  }

  async readPublicToken(token: string, applicationUuid: string): Promise<PublicTokenClaims> {
    return (await this.read(token, 'public', applicationUuid)) as unknown as PublicTokenClaims;
  }
}
