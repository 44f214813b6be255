import { useCallback, useEffect, useState } from 'react';
import { isDebugMode } from '@/lib/environment';
import { PublicRestError } from '@/lib/public-rest';
import { QUERY_RETRIES, QUERY_RETRIES_DEBUG } from '@/lib/retry-policy';
import { fetchPublicSitePage, type PublicSitePageAnswer } from './get-public-site-page';

export type PublicSitePageState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; answer: PublicSitePageAnswer };

/** TanStack Query's default back-off: 1 s, 2 s, 4 s … */
const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A failure worth asking again: no answer at all, or the server's own fault (5xx). */
function isRetryable(error: unknown): boolean {
  return error instanceof PublicRestError && (error.isNetwork || error.status >= 500);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/**
 * The page's one request as component state. The lean `/org/<slug>` entry has no react-query
 * (issue 12), so the retry rule of the app's queries is applied here; "Try again" asks again.
 */
export function usePublicSitePage(slug: string): [PublicSitePageState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicSitePageState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const retries = isDebugMode() ? QUERY_RETRIES_DEBUG : QUERY_RETRIES;
    const load = async () => {
      for (let failures = 0; ; failures += 1) {
        try {
          return await fetchPublicSitePage(slug, controller.signal);
        } catch (error) {
          if (failures >= retries || !isRetryable(error)) throw error;
          await wait(backoff(failures), controller.signal);
        }
      }
    };
    load().then(
      (answer) => setState({ status: 'ready', answer }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [slug, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry];
}
