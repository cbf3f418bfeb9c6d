/**
 * The co-deed calls (server module co-deed): the invitation link (preview, accept), the signer's own
 * screens (`…/co-deed/signer/*`, signer accounts only) and, for the borrower, the invitations of their
 * application and every signer's progress (`…/co-deed/status`).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ESIGN_DISCLOSURE_VERSION,
  ZCoDeedInvitationInfo,
  ZCoDeedStatusResponse,
  ZSignerCondition,
  ZSignerDocument,
  ZSignerProgress,
  ZSignerView,
  type TCoDeedInvitationRequest,
  type TSignerIdentityRequest,
  type TSigningLocation,
} from '@heloc/domain';
import { api } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-writes';

const APPLICATION = '/service-application/api/v1/application/heloc';
const CO_DEED = `${APPLICATION}/co-deed`;
export const SIGNER_API = `${CO_DEED}/signer`;

export const signerDocumentPath = (uuid: string) => `${SIGNER_API}/documents/${uuid}`;

// ---- The link -------------------------------------------------------------------------------

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['co-deed', 'invitation', token],
    queryFn: ({ signal }) =>
      api.get(`${CO_DEED}/invitations`, {
        query: { token },
        schema: ZCoDeedInvitationInfo,
        signal,
        skipAuthRedirect: true,
      }),
    retry: false,
  });
}

/**
 * Accepting signs in: a wrong password on an existing account is a 401 the form shows; an account
 * with two-factor on answers 401 asking for the code (then sent as `totpCode`).
 */
export function acceptInvitation(
  token: string,
  password: string,
  totpCode?: string,
): Promise<{ jwt: string }> {
  return apiWrite(
    'POST /service-application/api/v1/application/heloc/co-deed/invitations/accept',
    { token, password, ...(totpCode && { totpCode }) },
    { schema: z.object({ jwt: z.string() }), skipAuthRedirect: true },
  );
}

// ---- The signer -----------------------------------------------------------------------------

export const signerQueryKey = ['co-deed', 'signer'] as const;

export function signerQueryOptions() {
  return queryOptions({
    queryKey: [...signerQueryKey, 'me'],
    queryFn: ({ signal }) => api.get(SIGNER_API, { schema: ZSignerView, signal }),
  });
}

export function signerDocumentsQueryOptions() {
  return queryOptions({
    queryKey: [...signerQueryKey, 'documents'],
    queryFn: ({ signal }) =>
      api.get(`${SIGNER_API}/documents`, {
        schema: z.object({ documents: z.array(ZSignerDocument) }),
        signal,
      }),
  });
}

export function signerConditionsQueryOptions() {
  return queryOptions({
    queryKey: [...signerQueryKey, 'conditions'],
    queryFn: ({ signal }) =>
      api.get(`${SIGNER_API}/conditions`, { schema: z.array(ZSignerCondition), signal }),
  });
}

export const submitSignerIdentity = (body: TSignerIdentityRequest) =>
  apiWrite('POST /service-application/api/v1/application/heloc/co-deed/signer/identity', body, {
    schema: ZSignerView,
  });

export const signSignerDocument = (documentUuid: string, location: TSigningLocation) =>
  apiWrite(
    'POST /service-application/api/v1/application/heloc/co-deed/signer/sign',
    {
      documentUuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
      location,
    },
    { schema: z.object({ status: ZSignerProgress, remaining: z.number().int() }) },
  );

export const startSignerNotary = () =>
  api.post(
    `${SIGNER_API}/notary/session`,
    {},
    {
      schema: z.object({ sessionId: z.string(), joinUrl: z.string(), expiresAt: z.string() }),
    },
  );

/** A co-owner who signed uses the right to cancel (the same period and rule as the borrower's). */
export const rescindAsSigner = () =>
  apiWrite(
    'POST /service-application/api/v1/application/heloc/co-deed/signer/rescind',
    { confirm: true },
    { schema: ZSignerView },
  );

export const signInNotarySession = () =>
  apiWrite(
    'POST /service-application/api/v1/application/heloc/co-deed/signer/notary/sign',
    { esignConsent: true },
    { schema: ZSignerView },
  );

/** Clears a condition with a file: the identity one takes a photo of an ID, the other a document. */
export function uploadSignerCondition(
  kind: 'identity' | 'upload-document',
  file: File,
  conditionUuid?: string,
) {
  const body = new FormData();
  if (conditionUuid) body.append('conditionUuid', conditionUuid);
  body.append('file', file);
  return api.post(`${SIGNER_API}/conditions/${kind}`, body, { schema: z.array(ZSignerCondition) });
}

// ---- The borrower: invitations --------------------------------------------------------------

export const coDeedStatusQueryKey = (applicationUuid: string) => ['co-deed', 'status', applicationUuid];

export function coDeedStatusQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: coDeedStatusQueryKey(applicationUuid),
    queryFn: ({ signal }) =>
      api.get(`${CO_DEED}/status`, { query: { applicationUuid }, schema: ZCoDeedStatusResponse, signal }),
  });
}

export const inviteSigners = (applicationUuid: string, body: TCoDeedInvitationRequest) =>
  apiWrite('POST /service-application/api/v1/application/heloc/:uuid/co-deed/invitations', body, {
    schema: ZCoDeedStatusResponse,
    params: { uuid: applicationUuid },
  });

export const cancelInvitation = (applicationUuid: string, signerUuid: string) =>
  api.delete(`${APPLICATION}/${applicationUuid}/co-deed/invitations/${signerUuid}`, {
    schema: ZCoDeedStatusResponse,
  });
