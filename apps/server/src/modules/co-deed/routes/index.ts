/**
 * Additional signers (co-deeders), spec 1 §2–§6 and spec 2 §6–§7:
 * - the primary invites each other owner on title (name and e-mail) while the application waits at
 *   CO_DEED (signing/additional), re-sends (the old link stops working) or cancels an invitation;
 * - the one-time link (`/heloc-signer/resume?token=…`) creates, or links, a CO_DEEDER account;
 * - the signer confirms their identity, e-signs what they must sign, has the deed notarised, and —
 *   behind `fe-heloc-additional-signer-conditions` — clears their own conditions;
 * - `GET …/co-deed/status` answers both: the primary sees every signer's progress, a signer only theirs.
 *
 * A signer never reaches the primary's application routes (those check the owner: 404) and the signer
 * routes answer only the signer's own data, the loan's terms and the documents they sign — never the
 * primary's income, SSN or accounts.
 *
 * One file per audience: primary.ts (the borrower), link.ts and signer*.ts (the co-owner: signer.ts,
 * signer-signing.ts, signer-conditions.ts, signer-view.ts their shared view), staff.ts;
 * shared.ts holds what they share. The mail outbox is in mail/outbox-routes.ts.
 */ import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsPlugin } from '../../../uploads';
import { primaryRoutes } from './primary';
import { linkRoutes } from './link';
import { signerRoutes } from './signer';
import { signerSigningRoutes } from './signer-signing';
import { signerConditionRoutes } from './signer-conditions';
import { signerConditionStaffRoutes } from './staff';

export const coDeedRoutes: FastifyPluginAsyncZod<{ sessionTtlHours: number }> = async (app, options) => {
  // Multipart uploads (the signer's condition documents), in this plugin's scope.
  await app.register(uploadsPlugin);
  await app.register(primaryRoutes);
  await app.register(linkRoutes, options);
  await app.register(signerRoutes);
  await app.register(signerSigningRoutes);
  await app.register(signerConditionRoutes);
  await app.register(signerConditionStaffRoutes);
};
