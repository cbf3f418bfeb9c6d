/**
 * Wallet calls of spec 2 §7: the account access check, the account list with notifications, and
 * marking notifications read. Every call is the signed-in caller's own: a foreign address or
 * notification answers 404, a malformed one 400.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody, ZNotification, ZUuid, ZWalletAccess, ZWalletAccount } from '@heloc/domain';
import { authOf } from '../../plugins/auth';
import { readAllNotifications, readNotification, walletAccess, walletAccounts } from './service';

const BASE = '/service-wallet/secure/api/v4';
const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody };

/** A wallet address: 0x and 40 hex digits, any case. */
export const ZWalletAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Must be a wallet address');

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/account/access`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in caller’s wallet account and how the caller is authorised on it',
        description:
          '`principal`, when given, must be the caller’s own account address; any other answers 404. An identity without a wallet (lender staff) answers 404.',
        querystring: z.object({ principal: ZWalletAddress.optional() }),
        response: { 200: ZWalletAccess, ...errors },
      },
    },
    async (request) => walletAccess(app.db, authOf(request).identityUuid, request.query.principal),
  );

  app.get(
    `${BASE}/account`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in caller’s wallet accounts, with authorised wallets and notifications',
        description:
          'One account: its name (the profile’s full name, else the e-mail), address, the group-policy wallet authorised on it, and its newest 50 notifications, newest first.',
        response: { 200: z.array(ZWalletAccount), ...errors },
      },
    },
    async (request) => walletAccounts(app.db, authOf(request).identityUuid),
  );

  app.post(
    `${BASE}/notifications/:uuid/read`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Mark one of the caller’s notifications read (repeating it changes nothing)',
        params: z.object({ uuid: ZUuid }),
        response: { 200: ZNotification, ...errors },
      },
    },
    async (request) => readNotification(app.db, authOf(request).identityUuid, request.params.uuid),
  );

  app.post(
    `${BASE}/notifications/read-all`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Mark every unread notification of the caller read',
        description: '`updated` counts the notifications that were unread; repeating the call answers 0.',
        response: { 200: z.object({ updated: z.number().int().nonnegative() }), ...errors },
      },
    },
    async (request) => readAllNotifications(app.db, authOf(request).identityUuid),
  );
};
