/**
 * The engine's borrower endpoints used from the basic info to the offer choice (DESIGN.md §6:
 * /service-application/api/v1/application/heloc/{uuid}/…). Writes answer the step the application
 * moved to; the screen then calls the flow's advance() to poll and move on.
 */
import { queryOptions } from '@tanstack/react-query';
import { ZActionResult, ZLiensResponse, ZOffersResponse, ZPropertiesResponse } from '@heloc/domain';
import type { TConfirmLiensBody, TProfileStepBody } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { engineCommand, engineWrite } from '@/lib/engine-client';
import { SCREEN_DATA_FRESH_MS } from '@/lib/route-data';

export const enginePath = (applicationUuid: string, action: string) =>
  `/service-application/api/v1/application/heloc/${encodeURIComponent(applicationUuid)}/${action}`;

// The bodies are typed by the server's own schemas (engineWrite): a wrong body does not compile.
export const submitProfile = (uuid: string, body: TProfileStepBody) =>
  engineWrite(uuid, 'profile', body, ZActionResult);
export const submitSsn = (uuid: string, ssn: string) => engineWrite(uuid, 'ssn', { ssn }, ZActionResult);
export const submitCreditPin = (uuid: string, pin: string) =>
  engineWrite(uuid, 'credit-pin', { pin }, ZActionResult);
export const retryCredit = (uuid: string) => engineCommand(uuid, 'credit-retry', ZActionResult, {});
export const chooseProperty = (uuid: string, propertyId: string) =>
  engineWrite(uuid, 'property', { propertyId }, ZActionResult);
export const confirmLiens = (uuid: string, body: TConfirmLiensBody) =>
  engineWrite(uuid, 'liens/confirm', body, ZActionResult);
export const selectOffer = (uuid: string, offerUuid: string, amountCents: number) =>
  engineWrite(uuid, 'offer', { offerUuid, amountCents }, ZActionResult);

export function offersQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: ['application-offers', applicationUuid.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get(enginePath(applicationUuid, 'offers'), { schema: ZOffersResponse, signal }),
    // Read by the screen's route loader, then by the screen as it mounts.
    staleTime: SCREEN_DATA_FRESH_MS,
  });
}

export function propertiesQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: ['application-properties', applicationUuid.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get(enginePath(applicationUuid, 'properties'), { schema: ZPropertiesResponse, signal }),
    staleTime: SCREEN_DATA_FRESH_MS,
  });
}

export function liensQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: ['application-liens', applicationUuid.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get(enginePath(applicationUuid, 'liens'), { schema: ZLiensResponse, signal }),
    staleTime: SCREEN_DATA_FRESH_MS,
  });
}
