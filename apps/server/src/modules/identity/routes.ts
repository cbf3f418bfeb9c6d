/**
 * Identity calls of spec 2 §7: login, registration, the identity user, the identity-broker
 * login/logout/self calls, and the account settings behind them (password, two-factor).
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateSecret, generateURI } from 'otplib';
import {
  API_WRITES,
  LOGIN_PATH,
  ORG_CODE_HEADER,
  REGISTRATION_EMAIL_UNAVAILABLE,
  ZApiErrorBody,
  ZIdentityUser,
  ZLoginResponse,
  ZRegistrationResponse,
  isAllowedRedirectUrl,
  passwordProblem,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { fingerprintCookieOptions } from './fingerprint';
import { registrationAttemptMail } from '../../mail/templates';
import { hashPassword, verifyPassword } from './passwords';
import { findIdentity, revokeOtherSessions, revokeSession, updateIdentity } from './repository';
import {
  authenticateCredentials,
  checkTotp,
  registerBorrower,
  startSession,
  toIdentityUser,
} from './service';

export type IdentityRouteOptions = { sessionTtlHours: number; authRateLimitPerMinute: number };

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 429: ZApiErrorBody };
const ZSide = z.object({ side: z.enum(['customer', 'agent']) });

/**
 * The organisation a sign-in comes through: the request host when it is an organisation's, else the
 * org header the web sends (the page's organisation, e.g. from `?org=`); null when neither names one
 * (the ops desk on a platform host).
 */
export function signInOrganisation(app: FastifyInstance, request: FastifyRequest): string | null {
  const byHost = app.orgs.byRequestHost(request.headers.host);
  if (byHost) return byHost.orgCode;
  const header = request.headers[ORG_CODE_HEADER];
  return app.orgs.byOrgCode(typeof header === 'string' ? header : null)?.orgCode ?? null;
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRouteOptions> = async (app, options) => {
  const rateLimit = { max: options.authRateLimitPerMinute, timeWindow: '1 minute' };
  const secure = { preHandler: app.authenticate };

  const currentIdentity = async (identityUuid: string) => {
    const identity = await findIdentity(app.db, identityUuid);
    if (!identity) throw new AppError('NOT_FOUND', 'User not found');
    return identity;
  };

  app.post(
    '/identity/api/v1/login',
    {
      onRequest: app.signInAttemptLimit,
      schema: {
        tags: ['identity'],
        summary: 'Sign in with e-mail and password (and the two-factor code when enabled)',
        description:
          'Answers the token and sets the HttpOnly fingerprint cookie the token is bound to. Unknown e-mail and wrong password answer alike.',
        body: API_WRITES['POST /identity/api/v1/login'],
        response: { 200: ZLoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const identity = await authenticateCredentials(
        app.db,
        app.orgs,
        request.body,
        signInOrganisation(app, request),
      );
      return { jwt: await startSession(app, reply, identity, options.sessionTtlHours) };
    },
  );

  app.post(
    '/identity/api/v1/registration/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'Register for a HELOC: identity, profile, property and a first application',
        description: `The organisation comes from the \`${ORG_CODE_HEADER}\` header. Wholesale organisations answer 403; a required referrer, an unlicensed property state answer 400/403; an e-mail that already has an account answers 409 with a message that does not say so (the owner gets an e-mail).`,
        headers: z.object({ [ORG_CODE_HEADER]: z.string().optional() }),
        body: API_WRITES['POST /identity/api/v1/registration/register'],
        response: { 201: ZRegistrationResponse, 409: ZApiErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const org = app.orgs.byOrgCode(request.headers[ORG_CODE_HEADER]);
      if (!org) throw new AppError('BAD_REQUEST', 'No private label data found.');
      const registered = await registerBorrower(app.db, app.clock, org, request.body).catch(
        async (error: unknown) => {
          // The answer does not say an account exists; the address's owner hears about the attempt.
          if (error instanceof AppError && error.message === REGISTRATION_EMAIL_UNAVAILABLE)
            await app.mailer.send({
              to: request.body.email,
              orgCode: org.orgCode,
              ...registrationAttemptMail({ brandName: org.orgBrand.name }),
            });
          throw error;
        },
      );
      const { identity, applicationUuid } = registered;
      const jwt = await startSession(app, reply, identity, options.sessionTtlHours);
      return reply.status(201).send({ jwt, identityUuid: identity.uuid, applicationUuid });
    },
  );

  for (const version of ['v1', 'v1_1']) {
    app.get(
      `/identity/secure/api/${version}/identity`,
      {
        ...secure,
        schema: {
          tags: ['identity'],
          summary: `The signed-in identity user (${version})`,
          response: { 200: ZIdentityUser, 404: ZApiErrorBody, ...errors },
        },
      },
      async (request) => toIdentityUser(await currentIdentity(authOf(request).identityUuid)),
    );
  }

  app.get(
    '/identity-broker/:side/secure/api/v3/self/figureinfo',
    {
      ...secure,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in identity through the customer or agent (broker) identity service',
        params: ZSide,
        response: { 200: ZIdentityUser, 404: ZApiErrorBody, ...errors },
      },
    },
    async (request) => {
      const identity = await currentIdentity(authOf(request).identityUuid);
      if (request.params.side === 'agent' && !identity.isBroker) {
        throw new AppError('FORBIDDEN', 'Not an agent account');
      }
      return toIdentityUser(identity);
    },
  );

  app.post(
    '/identity-broker/:side/api/v3/login',
    {
      onRequest: app.signInAttemptLimit,
      schema: {
        tags: ['identity'],
        summary: 'Sign in and be redirected (customer or agent side)',
        description:
          'Answers 303 to `redirectUrl` (only when it starts with a slash and a lowercase letter; else /dashboard) with the token in the URL fragment (`#jwt=…`, and `&side=agent` on the agent side, so the web reads the identity and signs out there), which never reaches a server or a log; the token only works with the fingerprint cookie set here.',
        params: ZSide,
        body: API_WRITES['POST /identity-broker/:side/api/v3/login'],
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const identity = await authenticateCredentials(
        app.db,
        app.orgs,
        request.body,
        signInOrganisation(app, request),
      );
      if (request.params.side === 'agent' && !identity.isBroker) {
        throw new AppError('FORBIDDEN', 'Not an agent account');
      }
      const token = await startSession(app, reply, identity, options.sessionTtlHours);
      const target =
        request.body.redirectUrl && isAllowedRedirectUrl(request.body.redirectUrl)
          ? request.body.redirectUrl
          : '/dashboard';
      // The agent side says so in the fragment: the web then reads the identity and signs out on it.
      const side = request.params.side === 'agent' ? '&side=agent' : '';
      return reply.redirect(`${target.split('#')[0]}#jwt=${encodeURIComponent(token)}${side}`, 303);
    },
  );

  app.post(
    '/identity-broker/:side/secure/api/v3/logout',
    {
      ...secure,
      schema: {
        tags: ['identity'],
        summary: 'Sign out: ends the session (every token of it) and clears the fingerprint cookie',
        params: ZSide,
        response: { 200: z.object({ redirectUrl: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, authOf(request).sessionUuid);
      reply.clearCookie(app.fingerprintCookie, fingerprintCookieOptions(app.secureCookies, 0));
      reply.removeHeader('authorization');
      return { redirectUrl: LOGIN_PATH };
    },
  );

  app.post(
    '/identity/secure/api/v1/password',
    {
      ...secure,
      config: { rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'Change the password; every other sign-in of the account ends',
        body: API_WRITES['POST /identity/secure/api/v1/password'],
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const identity = await currentIdentity(auth.identityUuid);
      if (!(await verifyPassword(identity.passwordHash, request.body.currentPassword))) {
        throw new AppError('BAD_REQUEST', 'The current password is not correct', [
          { path: 'body.currentPassword', message: 'The current password is not correct' },
        ]);
      }
      const problem = passwordProblem(request.body.newPassword, identity.email);
      if (problem)
        throw new AppError('BAD_REQUEST', problem, [{ path: 'body.newPassword', message: problem }]);
      await updateIdentity(app.db, identity.uuid, {
        passwordHash: await hashPassword(request.body.newPassword),
        passwordChangedAt: new Date(),
        passwordExpired: false,
      });
      await revokeOtherSessions(app.db, identity.uuid, auth.sessionUuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/identity/secure/api/v1/two-factor/setup',
    {
      ...secure,
      schema: {
        tags: ['identity'],
        summary: 'Start two-factor set-up: a new TOTP secret and its otpauth URI (for the authenticator app)',
        response: {
          200: z.object({ secret: z.string(), otpauthUri: z.string() }),
          409: ZApiErrorBody,
          ...errors,
        },
      },
    },
    async (request) => {
      const identity = await currentIdentity(authOf(request).identityUuid);
      if (identity.twoFactorEnabled)
        throw new AppError('CONFLICT', 'Two-factor authentication is already on');
      const secret = generateSecret();
      await updateIdentity(app.db, identity.uuid, {
        totpSecret: secret,
        totpVerified: false,
        totpLastTimeStep: null,
      });
      const issuer = app.orgs.byOrgCode(identity.organizationCode)?.orgBrand.name ?? 'HELOC';
      return { secret, otpauthUri: generateURI({ issuer, label: identity.email, secret }) };
    },
  );

  app.post(
    '/identity/secure/api/v1/two-factor/enable',
    {
      ...secure,
      config: { rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'Finish two-factor set-up with a code from the authenticator app',
        body: API_WRITES['POST /identity/secure/api/v1/two-factor/enable'],
        response: { 200: ZIdentityUser, ...errors },
      },
    },
    async (request) => {
      const identity = await currentIdentity(authOf(request).identityUuid);
      if (!(await checkTotp(app.db, identity, request.body.code))) {
        throw new AppError('BAD_REQUEST', 'The code is not valid', [
          { path: 'body.code', message: 'The code is not valid' },
        ]);
      }
      return toIdentityUser(
        await updateIdentity(app.db, identity.uuid, { twoFactorEnabled: true, totpVerified: true }),
      );
    },
  );

  app.post(
    '/identity/secure/api/v1/two-factor/disable',
    {
      ...secure,
      config: { rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'Turn two-factor off (needs a current code)',
        body: API_WRITES['POST /identity/secure/api/v1/two-factor/disable'],
        response: { 200: ZIdentityUser, ...errors },
      },
    },
    async (request) => {
      const identity = await currentIdentity(authOf(request).identityUuid);
      if (!identity.twoFactorEnabled || !(await checkTotp(app.db, identity, request.body.code))) {
        throw new AppError('BAD_REQUEST', 'The code is not valid', [
          { path: 'body.code', message: 'The code is not valid' },
        ]);
      }
      return toIdentityUser(
        await updateIdentity(app.db, identity.uuid, {
          twoFactorEnabled: false,
          totpVerified: false,
          totpSecret: null,
        }),
      );
    },
  );
};
