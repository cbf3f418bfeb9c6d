/**
 * The wallet account of a signed-in identity (spec 2 §3 "Wallet account", §7 "Wallet"): its name
 * and address, the wallets authorised on it, and its notifications. Identities without a wallet
 * (lender staff) have no account: every wallet call answers 404 for them.
 */
import { z } from 'zod';
import {
  ZNotificationCta,
  type TNotification,
  type TNotificationStatus,
  type TWalletAccess,
  type TWalletAccount,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import {
  findWalletOwner,
  insertNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRow,
} from './repository';

/** The account answers at most this many notifications, newest first (the web shows 3, or 8 unread). */
export const WALLET_NOTIFICATIONS_LIMIT = 50;
export const WALLET_NOT_FOUND = 'Wallet account not found';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';

type WalletAccount = { name: string; address: string; groupPolicyAddress: string | null };

/** The caller's account; 404 when the identity has no wallet address. */
export async function walletAccountOf(db: Executor, identityUuid: string): Promise<WalletAccount> {
  const owner = await findWalletOwner(db, identityUuid);
  if (!owner?.accountAddress) throw new AppError('NOT_FOUND', WALLET_NOT_FOUND);
  const fullName = [owner.firstName, owner.middleName, owner.lastName, owner.suffix]
    .filter((part) => part?.trim())
    .join(' ');
  return {
    name: fullName || owner.email,
    address: owner.accountAddress,
    groupPolicyAddress: owner.groupPolicyAddress,
  };
}

export function toNotification(row: NotificationRow): TNotification {
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    created: row.createdAt.toISOString(),
    status: row.status as TNotificationStatus,
    walletAddress: row.walletAddress,
    ctas: row.ctas.map((cta) => ({ title: cta.title, redirectPath: cta.redirectPath })),
  };
}

/**
 * The access check: the caller's own account, owned by the caller. Only the caller's own address
 * may be asked for as `principal`; any other answers 404, as if it did not exist.
 */
export async function walletAccess(
  db: Executor,
  identityUuid: string,
  principal?: string,
): Promise<TWalletAccess> {
  const account = await walletAccountOf(db, identityUuid);
  if (principal && principal.toLowerCase() !== account.address.toLowerCase()) {
    throw new AppError('NOT_FOUND', WALLET_NOT_FOUND);
  }
  return {
    account: { name: account.name, address: account.address },
    authorizedWallet: { authorizationType: 'OWNER' },
  };
}

/** The caller's accounts (one): authorised wallets and the newest notifications. */
export async function walletAccounts(db: Executor, identityUuid: string): Promise<TWalletAccount[]> {
  const account = await walletAccountOf(db, identityUuid);
  const rows = await listNotifications(db, identityUuid, WALLET_NOTIFICATIONS_LIMIT);
  return [
    {
      name: account.name,
      address: account.address,
      authorizedWallets: account.groupPolicyAddress
        ? [{ address: account.groupPolicyAddress, authorizationType: 'GROUP_POLICY' }]
        : [],
      notifications: rows.map(toNotification),
    },
  ];
}

export async function readNotification(
  db: Executor,
  identityUuid: string,
  uuid: string,
): Promise<TNotification> {
  const row = await markNotificationRead(db, identityUuid, uuid.toLowerCase());
  if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

export async function readAllNotifications(db: Executor, identityUuid: string): Promise<{ updated: number }> {
  return { updated: await markAllNotificationsRead(db, identityUuid) };
}

export const ZNewNotification = z.object({
  identityUuid: z.string(),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000),
  ctas: z.array(ZNotificationCta).max(5).default([]),
  /** Defaults to the identity's wallet address. */
  walletAddress: z.string().nullish(),
  /** Defaults to now; set by tests and the demo seed to fix the order. */
  createdAt: z.date().optional(),
});
export type TNewNotification = z.input<typeof ZNewNotification>;

/**
 * Records a notification for an identity (the workflow and the tests create them; no public
 * endpoint does yet). CTAs are checked here so a stored one can never fail the response schema.
 */
export async function createNotification(db: Executor, input: TNewNotification): Promise<TNotification> {
  const values = ZNewNotification.parse(input);
  const walletAddress =
    values.walletAddress === undefined
      ? ((await findWalletOwner(db, values.identityUuid))?.accountAddress ?? null)
      : values.walletAddress;
  const row = await insertNotification(db, {
    identityUuid: values.identityUuid,
    title: values.title,
    description: values.description,
    ctas: values.ctas,
    walletAddress,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
  return toNotification(row);
}
