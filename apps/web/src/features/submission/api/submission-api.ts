/**
 * The submission segment's calls (engine/submission/routes.ts on the server), typed with the domain's
 * schemas so the screens' forms and the server validate the same rules. Reads are query options; writes
 * answer `{ status }`, after which a screen lets the status flow move the borrower on.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  documentDownloadPath,
  ZApplicationDocumentList,
  ZAssetDepletionView,
  ZCltvRequalifyView,
  ZActionResult,
  ZMoreInfoView,
  type TEngineWrite,
  type TEngineWriteBody,
} from '@heloc/domain';
import { api } from '@/lib/api-client';
import { engineWrite } from '@/lib/engine-client';

const base = (uuid: string) => `/service-application/api/v1/application/heloc/${encodeURIComponent(uuid)}`;
const key = (uuid: string, what: string) => ['application', uuid.toLowerCase(), what] as const;

export const documentsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: key(uuid, 'documents'),
    queryFn: ({ signal }) => api.get(`${base(uuid)}/documents`, { schema: ZApplicationDocumentList, signal }),
  });

export const moreInfoQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: key(uuid, 'more-info'),
    queryFn: ({ signal }) => api.get(`${base(uuid)}/more-info`, { schema: ZMoreInfoView, signal }),
  });

export const assetDepletionQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: key(uuid, 'asset-depletion'),
    queryFn: ({ signal }) =>
      api.get(`${base(uuid)}/asset-depletion`, { schema: ZAssetDepletionView, signal }),
  });

export const requalifyQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: key(uuid, 'requalify'),
    queryFn: ({ signal }) => api.get(`${base(uuid)}/requalify`, { schema: ZCltvRequalifyView, signal }),
  });

/** A write typed by the server's own body schema (engineWrite): a wrong body does not compile. */
const action =
  <A extends TEngineWrite>(path: A) =>
  (uuid: string, body: TEngineWriteBody<A>) =>
    engineWrite(uuid, path, body, ZActionResult);

export const saveContact = action('contact');
export const saveAdditionalProfile = action('additional-profile');
export const saveHmda = action('hmda');
export const submitApplication = action('submit');
export const declareAssets = action('asset-depletion');
export const acceptRequalify = action('requalify');

export { documentDownloadPath };
