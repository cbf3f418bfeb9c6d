/** Subscription secrets: generated once, shown once, sealed at rest (app.sealer, AES-256-GCM). */
import { randomBytes } from 'node:crypto';
import type { FieldSealer } from '../../lib/sealed';

/** The AES-GCM context of a subscription's secret (key rotation re-seals it under the same one). */
export const webhookSecretContext = (subscriptionUuid: string) => `webhook-secret:${subscriptionUuid}`;
const context = webhookSecretContext;

/** `whsec_` and 32 random bytes (base64url): the HMAC key of the subscription's signatures. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function sealSecret(sealer: FieldSealer, subscriptionUuid: string, secret: string): string {
  return sealer.seal(secret, context(subscriptionUuid));
}

export function openSecret(
  sealer: FieldSealer,
  subscription: { uuid: string; secretSealed: string },
): string {
  return sealer.open(subscription.secretSealed, context(subscription.uuid));
}
