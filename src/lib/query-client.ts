import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AppEnvironment } from './environment';
import { getErrorMessage, isRetryable } from './errors';

const MINUTE = 60_000;

/** SPEC §9: how long data stays fresh and how long unused data is kept, per environment. */
export const CACHE_POLICIES: Record<AppEnvironment, { staleTime: number; gcTime: number }> = {
  development: { staleTime: 2 * MINUTE, gcTime: 5 * MINUTE },
  staging: { staleTime: 10 * MINUTE, gcTime: 30 * MINUTE },
  production: { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE },
};

export const QUERY_RETRIES = 3;
export const QUERY_RETRIES_DEBUG = 1;
export const MUTATION_RETRIES = 2;
export const MUTATION_RETRY_DELAY_MS = 1000;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { /** Set when the caller shows the error itself. */ skipErrorToast?: boolean };
  }
}

export interface QueryClientOptions {
  environment: AppEnvironment;
  debug: boolean;
}

export function createQueryClient({ environment, debug }: QueryClientOptions): QueryClient {
  const maxQueryRetries = debug ? QUERY_RETRIES_DEBUG : QUERY_RETRIES;
  return new QueryClient({
    queryCache: new QueryCache({
      // A screen shows its own error state on first load; a failed *background* refresh would
      // otherwise go unnoticed while stale data stays on screen.
      onError: (error, query) => {
        if (query.state.data !== undefined) toast.error(getErrorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      // Mutations toast on error by default (STYLE 7); a form that shows the error inline opts out.
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.skipErrorToast) toast.error(getErrorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        ...CACHE_POLICIES[environment],
        // Refusals (bad input, no permission, expired session) fail the same way every time:
        // retrying them only delays the message.
        retry: (failureCount, error) => isRetryable(error) && failureCount < maxQueryRetries,
        refetchOnWindowFocus: environment !== 'development',
        // TanStack Query's default ('online') pauses requests while the browser reports being
        // offline: a first load would spin with no message until the connection returns. SPEC §8
        // says "Network error. Please check your connection." instead; queries that failed are
        // fetched again on reconnect (refetchOnReconnect) either way.
        networkMode: 'always',
      },
      mutations: {
        retry: (failureCount, error) => isRetryable(error) && failureCount < MUTATION_RETRIES,
        retryDelay: MUTATION_RETRY_DELAY_MS,
        // A save made offline fails with the network error instead of waiting, unseen, to be sent later.
        networkMode: 'always',
      },
    },
  });
}
