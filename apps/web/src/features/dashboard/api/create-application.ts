/**
 * POST /service-application/api/v1/application/heloc (DESIGN.md §6): starts a new application for the
 * borrower's property (the first one when none is named).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZHelocApplicationView } from '@heloc/domain';
import type { THelocApplicationView } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { applicationsQueryOptions } from './get-applications';

export const CREATE_APPLICATION_PATH = '/service-application/api/v1/application/heloc';

export function createApplication(body: { propertyUuid?: string } = {}): Promise<THelocApplicationView> {
  return api.post(CREATE_APPLICATION_PATH, body, { schema: ZHelocApplicationView });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryOptions().queryKey }),
  });
}
