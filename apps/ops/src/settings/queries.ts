/**
 * The settings reads of ./api.ts as TanStack Query options. An organisation's reads nest under
 * settingsKey(orgCode): a draft, a publish or a rollback invalidates all of them (the overview's
 * versions, and each version's changes against the published one).
 */
import { queryOptions } from '@tanstack/react-query';
import { settingsApi } from './api';

/** Every organisation's code, for platform staff's choice. */
export const orgCodesQuery = queryOptions({
  queryKey: ['settings', 'org-codes'],
  queryFn: () => settingsApi.orgCodes(),
});

export const settingsKey = (orgCode: string) => ['settings', 'organisation', orgCode] as const;

export const settingsOverviewQuery = (orgCode: string) =>
  queryOptions({
    queryKey: [...settingsKey(orgCode), 'overview'],
    queryFn: () => settingsApi.overview(orgCode),
  });

export const settingsVersionQuery = (orgCode: string, version: number) =>
  queryOptions({
    queryKey: [...settingsKey(orgCode), 'version', version],
    queryFn: () => settingsApi.version(orgCode, version),
  });
