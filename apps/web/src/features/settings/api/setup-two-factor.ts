/**
 * POST /identity/secure/api/v1/two-factor/setup: a new TOTP secret and its otpauth URI, for entering
 * into an authenticator app. Two-factor is on only once a code confirms it (enable-two-factor).
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export function setupTwoFactor(): Promise<TTwoFactorSetup> {
  return api.post('/identity/secure/api/v1/two-factor/setup', undefined, { schema: ZTwoFactorSetup });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
