/**
 * Account recovery calls (issue 19): `POST /identity/api/v1/password/forgot` and
 * `POST /identity/api/v1/password/reset`. Both count against the sign-in attempt limit (the login's
 * own rate limiter), and neither needs a session: the e-mailed link is the credential.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  PASSWORD_FORGOT_ANSWER,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_TTL_MINUTES,
  RESET_PASSWORD_PATH,
  ZApiErrorBody,
  ZPasswordForgotResponse,
} from '@heloc/domain';
import { PASSWORD_RESET_MAILS_PER_HOUR, requestPasswordReset, resetPassword } from './password-reset';
import { signInOrganisation } from './routes';

const errors = { 400: ZApiErrorBody, 429: ZApiErrorBody };

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/identity/api/v1/password/forgot',
    {
      onRequest: app.signInAttemptLimit,
      schema: {
        tags: ['identity'],
        summary: 'Forgot password: e-mail a one-time link to set a new password',
        description: `Always answers 202 with the same body, whether or not the address has an account (no account enumeration). When it has a borrower or signer account, an e-mail holds a link to \`${RESET_PASSWORD_PATH}?token=…\` (the page after \`${FORGOT_PASSWORD_PATH}\`) that works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes; asking again replaces an open link, and one account is sent at most ${PASSWORD_RESET_MAILS_PER_HOUR} an hour. Only the SHA-256 of the token is stored. Audited; rate limited with the sign-in attempts.`,
        body: API_WRITES['POST /identity/api/v1/password/forgot'],
        response: { 202: ZPasswordForgotResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.body.email, {
        orgCode: signInOrganisation(app, request),
        ipAddress: request.ip,
      });
      return reply.code(202).send({ message: PASSWORD_FORGOT_ANSWER });
    },
  );

  app.post(
    '/identity/api/v1/password/reset',
    {
      onRequest: app.signInAttemptLimit,
      schema: {
        tags: ['identity'],
        summary: 'Set a new password from a reset link; every session of the account ends',
        description: `The password follows the registration rule. A used, expired or unknown link answers 400 "${PASSWORD_RESET_LINK_INVALID}". On success the link is used up, every sign-in of the account ends (as when an account is disabled) and the borrower signs in again at \`${LOGIN_PATH}\` with the new password (two-factor, when on, is still asked for). Audited; rate limited with the sign-in attempts.`,
        body: API_WRITES['POST /identity/api/v1/password/reset'],
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(app, request.body, {
        orgCode: signInOrganisation(app, request),
        ipAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
