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
  type TAdditionalProfileInput,
  type TAssetDepletionInput,
  type TCltvRequalifyInput,
  type TContactInfoInput,
  type THmdaInput,
  type TSubmitApplicationInput,
} from '@heloc/domain';
import { api } from '@/lib/api-client';

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

const action =
  <T>(path: string) =>
  (uuid: string, body: T) =>
    api.post(`${base(uuid)}/${path}`, body, { schema: ZActionResult });

export const saveContact = action<TContactInfoInput>('contact');
export const saveAdditionalProfile = action<TAdditionalProfileInput>('additional-profile');
export const saveHmda = action<THmdaInput>('hmda');
export const submitApplication = action<TSubmitApplicationInput>('submit');
export const declareAssets = action<TAssetDepletionInput>('asset-depletion');
export const acceptRequalify = action<TCltvRequalifyInput>('requalify');

export { documentDownloadPath };
