import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AppEnvironment } from './environment';
import { getErrorMessage, isRetryable, toAppError } from './errors';
import { i18n } from './i18n';
import { QUERY_RETRIES, QUERY_RETRIES_DEBUG } from './retry-policy';

const MINUTE = 60_000;

/** SPEC §9: how long data stays fresh and how long unused data is kept, per environment. */
export const CACHE_POLICIES: Record<AppEnvironment, { staleTime: number; gcTime: number }> = {
  development: { staleTime: 2 * MINUTE, gcTime: 5 * MINUTE },
  staging: { staleTime: 10 * MINUTE, gcTime: 30 * MINUTE },
  production: { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE },
};

export { QUERY_RETRIES, QUERY_RETRIES_DEBUG };
export const MUTATION_RETRIES = 2;
export const MUTATION_RETRY_DELAY_MS = 1000;

/** A translation key with its namespace: `'units:toast.status_failed'`. */
export type TranslationKey = `${string}:${string}`;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The toast's title when the mutation fails (SPEC §8 "Failed to create task", …); the
       * SPEC §8 reason is its description. Without it the reason alone is the toast.
       */
      errorTitle?: TranslationKey;
      /** A reason of its own for an error code (AppError.code), instead of the SPEC §8 one. */
      errorReasons?: Readonly<Record<string, TranslationKey>>;
      /** Only when the screen shows the error itself, next to what the person typed. */
      skipErrorToast?: boolean;
    };
  }
}

export interface QueryClientOptions {
  environment: AppEnvironment;
  debug: boolean;
}

/** The namespace of `ns:key`, so a toast never shows a raw key of a namespace not loaded yet. */
function translate(key: TranslationKey): Promise<string> {
  const namespace = key.slice(0, key.indexOf(':'));
  return i18n.loadNamespaces(namespace).then(
    () => i18n.t(key),
    () => i18n.t(key),
  );
}

/** The toast of a failed mutation: its title, and the reason (its own, or SPEC §8's) underneath. */
export async function showMutationError(
  error: unknown,
  meta: { errorTitle?: TranslationKey; errorReasons?: Readonly<Record<string, TranslationKey>> } = {},
): Promise<void> {
  const ownReason = meta.errorReasons?.[toAppError(error).code ?? ''];
  const reason = ownReason ? await translate(ownReason) : getErrorMessage(error);
  if (meta.errorTitle) toast.error(await translate(meta.errorTitle), { description: reason });
  else toast.error(reason);
}

export function createQueryClient({ environment, debug }: QueryClientOptions): QueryClient {
  const maxQueryRetries = debug ? QUERY_RETRIES_DEBUG : QUERY_RETRIES;
  return new QueryClient({
    queryCache: new QueryCache({
      // A screen shows its own error state on first load; a failed *background* refresh would
      // otherwise go unnoticed while stale data stays on screen. Several queries failing for the
      // same reason (offline) make one toast, not one each.
      onError: (error, query) => {
        if (query.state.data === undefined) return;
        const message = getErrorMessage(error);
        toast.error(message, { id: `query-error:${toAppError(error).messageKey}` });
      },
    }),
    mutationCache: new MutationCache({
      // Mutations toast on error by default (STYLE 7), titled by their meta; a form that shows
      // the error inline opts out with skipErrorToast.
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.skipErrorToast) return;
        void showMutationError(error, mutation.meta);
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
