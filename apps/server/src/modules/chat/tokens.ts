/**
 * Chat tokens (HS256 JWTs, their own key and audience, so a chat token is never a sign-in token).
 * A customer token opens one conversation for 6 hours (spec 2 §9); an agent token lets lender staff
 * on the desk use the websocket and post to the conversations they accepted.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LIVE_CHAT_TOKEN_LIFETIME_MS } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';

const ISSUER = 'heloc-platform';
const AUDIENCE = 'heloc-chat';

export type ChatTokenClaims =
  | { role: 'customer'; conversationUuid: string; expiresAt: number }
  | { role: 'agent'; identityUuid: string; name: string; expiresAt: number };

export class ChatTokens {
  private readonly key: Uint8Array;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
  ) {
    // A derived key: a leaked chat token can never be replayed as a sign-in token or vice versa.
    this.key = createHmac('sha256', jwtSecret).update('heloc-chat-token').digest();
  }

  /** The token and its expiry (epoch ms). */
  async issue(
    claims:
      { role: 'customer'; conversationUuid: string } | { role: 'agent'; identityUuid: string; name: string },
  ): Promise<{ token: string; expiration: number }> {
    const now = this.clock.now().getTime();
    const expiration = now + LIVE_CHAT_TOKEN_LIFETIME_MS;
    const subject = claims.role === 'customer' ? claims.conversationUuid : claims.identityUuid;
    const token = await new SignJWT({
      rol: claims.role,
      ...(claims.role === 'agent' && { nam: claims.name }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiration / 1000))
      .sign(this.key);
    return { token, expiration };
  }

  /** The claims of a valid token; an invalid or expired one answers 401 "Token state is invalid." */
  async verify(token: string): Promise<ChatTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      const expiresAt = (payload.exp ?? 0) * 1000;
      if (payload.rol === 'customer' && payload.sub) {
        return { role: 'customer', conversationUuid: payload.sub, expiresAt };
      }
      if (payload.rol === 'agent' && payload.sub && typeof payload.nam === 'string') {
        return { role: 'agent', identityUuid: payload.sub, name: payload.nam, expiresAt };
      }
    } catch {
      // fall through: every failure is the same answer
    }
    throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
  }
}
