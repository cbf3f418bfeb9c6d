import { QueryClient } from '@tanstack/react-query';

/** Spec 1 §9 "Default query caching: no retry and no refetch on focus". Queries that poll opt in themselves. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
