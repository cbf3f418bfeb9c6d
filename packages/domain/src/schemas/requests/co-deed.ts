/** Request bodies of the co-owner writes: the borrower's invitations, the signer's steps, staff conditions. */
import { z } from 'zod';
import { ESIGN_DISCLOSURE_VERSION } from '../../disclosures';
import { ZRescindRequest, ZSigningLocation } from '../closing';
import { ZCoDeedAcceptRequest, ZCoDeedInvitationRequest, ZSignerIdentityRequest } from '../co-deed';
import { ZUuid } from '../common';

/** The signer e-signs one of their documents (E-SIGN consent and the scroll acknowledgement). */
export const ZSignerSignRequest = z.object({
  documentUuid: ZUuid,
  esignConsent: z.literal(true, { error: 'You must agree to sign electronically' }),
  esignDisclosureVersion: z.literal(ESIGN_DISCLOSURE_VERSION),
  scrolledToBottom: z.literal(true, { error: 'Read the whole document first' }),
  /** Where the signer signs (the web app asks the browser after the location alert). */
  location: ZSigningLocation.optional(),
});

/** The signer signs the deed before the notary. */
export const ZSignerNotarySignRequest = z.object({
  esignConsent: z.literal(true, { error: 'You must agree to sign electronically' }),
});

/** Staff raise a condition for an additional signer. */
export const ZSignerConditionRequest = z.object({
  type: z.enum(['IDENTITY', 'UPLOAD_DOCUMENT']),
  description: z.string().trim().min(1).max(500),
});

export const CO_DEED_WRITES = {
  'POST /service-application/api/v1/application/heloc/:uuid/co-deed/invitations': ZCoDeedInvitationRequest,
  'POST /service-application/api/v1/application/heloc/co-deed/invitations/accept': ZCoDeedAcceptRequest,
  'POST /service-application/api/v1/application/heloc/co-deed/signer/rescind': ZRescindRequest,
  'POST /service-application/api/v1/application/heloc/co-deed/signer/identity': ZSignerIdentityRequest,
  'POST /service-application/api/v1/application/heloc/co-deed/signer/sign': ZSignerSignRequest,
  'POST /service-application/api/v1/application/heloc/co-deed/signer/notary/sign': ZSignerNotarySignRequest,
  'POST /service-ops/api/v1/co-deed/signers/:signerUuid/conditions': ZSignerConditionRequest,
} as const satisfies Record<string, z.ZodType>;
