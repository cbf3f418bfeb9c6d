/** Wallet accounts (spec 2 §3 "Wallet account", §7 "Wallet"). */
import { z } from 'zod';
import { ZNotification } from './notification';

export const ZWalletAccountRef = z.object({ name: z.string(), address: z.string() });

/** GET …/account/access: the caller's account and how this wallet is authorised on it. */
export const ZWalletAccess = z.object({
  account: ZWalletAccountRef,
  authorizedWallet: z.object({ authorizationType: z.string() }).nullable(),
});
export type TWalletAccess = z.infer<typeof ZWalletAccess>;

/** One entry of GET …/account: the account, its authorised wallets and its notifications. */
export const ZWalletAccount = ZWalletAccountRef.extend({
  authorizedWallets: z.array(z.object({ address: z.string(), authorizationType: z.string().optional() })),
  notifications: z.array(ZNotification).default([]),
});
export type TWalletAccount = z.infer<typeof ZWalletAccount>;
