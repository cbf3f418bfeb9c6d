/**
 * POST /service-application/api/v1/application/heloc (DESIGN.md §6): starts a new application for the
 * borrower's property (the first one when none is named).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZHelocApplicationView } from '@heloc/domain';
import type { THelocApplicationView } from '@heloc/domain';
import { applicationsQueryOptions } from './get-applications';
import { apiWrite } from '@/lib/api-writes';

export const CREATE_APPLICATION_PATH = '/service-application/api/v1/application/heloc';

export function createApplication(body: { propertyUuid?: string } = {}): Promise<THelocApplicationView> {
  return apiWrite('POST /service-application/api/v1/application/heloc', body, {
    schema: ZHelocApplicationView,
  });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryOptions().queryKey }),
  });
}
