/** Request bodies of the identity writes: sign-in, registration, password and two-factor. */
import { z } from 'zod';
import { ZLoginRequest, ZPasswordForgotRequest, ZPasswordResetRequest, ZRegistrationRequest } from '../auth';
import { ZInvitationToken } from '../co-deed';
import { ZMailPreferences } from '../../borrower-mail';

/** The identity-broker sign-in: the login body and where to go after it. */
export const ZBrokerLoginRequest = ZLoginRequest.extend({ redirectUrl: z.string().max(2048).optional() });

/** Change the password (settings). */
export const ZPasswordChangeRequest = z.object({
  currentPassword: z.string().min(1, 'Required').max(256),
  newPassword: z.string().min(1, 'Required').max(256),
});

/** A two-factor code (enable or disable two-factor). */
export const ZTotpCodeRequest = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });

/** Accept a staff invitation: the new staff account's password. */
export const ZStaffInvitationAcceptRequest = z.object({
  token: ZInvitationToken,
  password: z.string().min(1, 'Required').max(256),
});

export const IDENTITY_WRITES = {
  'POST /identity/api/v1/login': ZLoginRequest,
  'POST /identity/api/v1/registration/register': ZRegistrationRequest,
  'POST /identity-broker/:side/api/v3/login': ZBrokerLoginRequest,
  'POST /identity/secure/api/v1/password': ZPasswordChangeRequest,
  'POST /identity/secure/api/v1/two-factor/enable': ZTotpCodeRequest,
  'POST /identity/secure/api/v1/two-factor/disable': ZTotpCodeRequest,
  'POST /identity/api/v1/password/forgot': ZPasswordForgotRequest,
  'POST /identity/api/v1/password/reset': ZPasswordResetRequest,
  'POST /identity/api/v1/staff-invitations/accept': ZStaffInvitationAcceptRequest,
  // The borrower's reminder e-mails on or off (settings).
  'PUT /identity/secure/api/v1/mail-preferences': ZMailPreferences,
} as const satisfies Record<string, z.ZodType>;
