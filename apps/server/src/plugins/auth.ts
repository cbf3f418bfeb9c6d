/**
 * Authentication for `secure` routes: `preHandler: app.authenticate` checks the Bearer token,
 * its fingerprint cookie and its live session, then sets `request.auth`. Tokens older than a
 * minute are replaced through the response `authorization` header (the web stores it).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { TtlCache } from '../lib/ttl-cache';
import { cacheTtlMs, writeEvents } from '../lib/write-events';
import { fingerprintCookieName, fingerprintMatches, hashFingerprint } from '../modules/identity/fingerprint';
import { findLiveSession, findLiveSessionByFingerprint } from '../modules/identity/repository';
import { TokenService } from '../modules/identity/tokens';
import { staffPermissionHandler } from '../modules/staff/policy';

export type AuthContext = {
  identityUuid: string;
  sessionUuid: string;
  orgCode: string;
  profileType: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    fingerprintCookie: string;
    secureCookies: boolean;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * For external-context calls, which the web sends without a token (spec 2 §7): the token when
     * there is one, else the session found by the fingerprint cookie (HttpOnly, SameSite=Strict).
     */
    authenticateExternal: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * After `authenticate`: the staff policy's check of the route's permission (modules/staff/policy.ts).
     * Routes use it through `staffRoute(app, permission)`, never directly.
     */
    requireStaffPermission: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Seconds after which an answer carries a fresh token. */
const REFRESH_AFTER_SECONDS = 60;

/**
 * Live sessions are remembered this long, so a polling tab does not cost a session read per request.
 * A logout or password change on this instance drops them at once; on another instance it takes
 * effect within this time.
 */
export const SESSION_CACHE_TTL_MS = 2000;

type LiveSession = { identityUuid: string; expiresAt: Date };
type ExternalSession = AuthContext & { expiresAt: Date };

export type AuthOptions = {
  jwtSecret: string;
  tokenTtlSeconds: number;
  secureCookies: boolean;
  /** Staff calls need two-factor on (outside development and test). */
  staffTwoFactorRequired: boolean;
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const tokens = new TokenService(options.jwtSecret, options.tokenTtlSeconds);
    const cookieName = fingerprintCookieName(options.secureCookies);
    app.decorate('tokens', tokens);
    app.decorate('fingerprintCookie', cookieName);
    app.decorate('secureCookies', options.secureCookies);
    app.decorateRequest('auth', null);

    // Room for every signed-in tab of a busy instance (bench:polling: 10,000 borrowers).
    const ttlMs = cacheTtlMs(app.databaseKind, SESSION_CACHE_TTL_MS);
    const sessions = new TtlCache<LiveSession>(ttlMs, 100_000);
    // External-context calls (the conditions poll, every minute per tab) by their cookie's hash.
    const externalSessions = new TtlCache<ExternalSession>(ttlMs, 100_000);
    const forget = (
      revoked: { sessionUuid: string } | { identityUuid: string; exceptSessionUuid: string },
    ) => {
      if ('sessionUuid' in revoked) {
        sessions.delete(revoked.sessionUuid);
        externalSessions.deleteWhere((session) => session.sessionUuid === revoked.sessionUuid);
      } else {
        // Dropping the kept session too only costs it one read.
        sessions.deleteWhere((session) => session.identityUuid === revoked.identityUuid);
        externalSessions.deleteWhere((session) => session.identityUuid === revoked.identityUuid);
      }
    };
    writeEvents.on('sessionsRevoked', forget);
    app.addHook('onClose', async () => void writeEvents.off('sessionsRevoked', forget));
    const liveSession = async (sessionUuid: string): Promise<LiveSession | null> => {
      const cached = sessions.get(sessionUuid);
      if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
      const found = await findLiveSession(app.db, sessionUuid);
      if (!found) return null;
      const session = { identityUuid: found.identityUuid, expiresAt: found.expiresAt };
      sessions.set(sessionUuid, session);
      return session;
    };

    // Answers about a signed-in person (or that hand out credentials) are never stored by a browser
    // or a proxy (issue 20): every JSON answer to a request that carried credentials, of a route
    // that requires them, or that sets a token or cookie, is `Cache-Control: no-store`.
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.includes('json')) return payload;
      const authenticated =
        request.auth !== null ||
        request.headers.authorization !== undefined ||
        request.headers['x-chat-token'] !== undefined ||
        request.cookies?.[cookieName] !== undefined ||
        (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security !== undefined ||
        reply.hasHeader('authorization') ||
        reply.hasHeader('set-cookie');
      if (authenticated && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
      const claims = await tokens.verify(token);
      if (!fingerprintMatches(request.cookies[cookieName], claims.fingerprintHash)) {
        throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
      }
      const session = await liveSession(claims.sessionUuid);
      if (!session || session.identityUuid !== claims.identityUuid) {
        throw new AppError('UNAUTHENTICATED', 'Session expired');
      }
      request.auth = {
        identityUuid: claims.identityUuid,
        sessionUuid: claims.sessionUuid,
        orgCode: claims.orgCode,
        profileType: claims.profileType,
      };
      if (Date.now() / 1000 - claims.issuedAt >= REFRESH_AFTER_SECONDS) {
        const fresh = await tokens.issue(
          {
            identityUuid: claims.identityUuid,
            sessionUuid: claims.sessionUuid,
            fingerprintHash: claims.fingerprintHash,
            orgCode: claims.orgCode,
            profileType: claims.profileType,
          },
          session.expiresAt,
        );
        reply.header('authorization', `Bearer ${fresh.token}`);
      }
    });

    app.decorateRequest('staff', null);
    app.decorate(
      'requireStaffPermission',
      staffPermissionHandler(app, { twoFactorRequired: options.staffTwoFactorRequired }),
    );

    app.decorate('authenticateExternal', async (request: FastifyRequest, reply: FastifyReply) => {
      if (bearerToken(request)) return app.authenticate(request, reply);
      const cookie = request.cookies[cookieName];
      if (!cookie) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
      const fingerprintHash = hashFingerprint(cookie);
      let found = externalSessions.get(fingerprintHash);
      if (!found || found.expiresAt.getTime() <= Date.now()) {
        const row = await findLiveSessionByFingerprint(app.db, fingerprintHash);
        if (!row) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
        found = row;
        externalSessions.set(fingerprintHash, row);
      }
      request.auth = {
        identityUuid: found.identityUuid,
        sessionUuid: found.sessionUuid,
        orgCode: found.orgCode,
        profileType: found.profileType,
      };
    });
  },
  { name: 'auth', dependencies: [] },
);

/** The authenticated caller; only valid behind `preHandler: app.authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
  return request.auth;
}
