import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app and the router loaders. Retries are off here because
 * the request layer already retries network errors (and only where safe).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
