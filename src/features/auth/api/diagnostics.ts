import { useQuery } from '@tanstack/react-query';
import { getEnv } from '@/config/env';
import { refreshWithRetry } from '@/lib/auth/session';
import { supabase } from '@/lib/supabase';
import { queryRoots } from '@/lib/query-roots';
import type { Jwks } from '../lib/verify-jwt';

export const diagnosticsKeys = {
  all: [...queryRoots.auth, 'diagnostics'] as const,
  jwks: () => [...diagnosticsKeys.all, 'jwks'] as const,
  aal: (token: string | undefined) => [...diagnosticsKeys.all, 'aal', token ?? 'none'] as const,
  reachability: () => [...diagnosticsKeys.all, 'reachability'] as const,
};

/** The auth server's public signing keys (SPEC §7 GET /.well-known/jwks.json). */
export async function getJwks(signal?: AbortSignal): Promise<Jwks> {
  const response = await fetch(`${getEnv().VITE_SUPABASE_URL}/auth/v1/.well-known/jwks.json`, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Jwks;
}

export function useJwks(enabled: boolean) {
  return useQuery({
    queryKey: diagnosticsKeys.jwks(),
    queryFn: ({ signal }) => getJwks(signal),
    enabled,
    retry: false,
  });
}

export async function getAssurance() {
  const [aal, factors] = await Promise.all([
    supabase.auth.mfa.getAuthenticatorAssuranceLevel(),
    supabase.auth.mfa.listFactors(),
  ]);
  if (aal.error) throw aal.error;
  if (factors.error) throw factors.error;
  return { currentLevel: aal.data.currentLevel, nextLevel: aal.data.nextLevel, factors: factors.data.all };
}

export function useAssurance(accessToken: string | undefined) {
  return useQuery({
    queryKey: diagnosticsKeys.aal(accessToken),
    queryFn: getAssurance,
    enabled: Boolean(accessToken),
    retry: false,
  });
}

export interface Reachability {
  service: 'auth' | 'rest';
  ok: boolean;
  status: number | null;
  ms: number;
}

async function probe(service: Reachability['service'], path: string, signal?: AbortSignal): Promise<Reachability> {
  const env = getEnv();
  const started = performance.now();
  try {
    const response = await fetch(`${env.VITE_SUPABASE_URL}${path}`, {
      headers: { apikey: env.VITE_SUPABASE_ANON_KEY },
      signal,
    });
    return { service, ok: response.ok, status: response.status, ms: Math.round(performance.now() - started) };
  } catch {
    return { service, ok: false, status: null, ms: Math.round(performance.now() - started) };
  }
}

export async function getReachability(signal?: AbortSignal): Promise<Reachability[]> {
  return Promise.all([probe('auth', '/auth/v1/health', signal), probe('rest', '/rest/v1/', signal)]);
}

export function useReachability() {
  return useQuery({
    queryKey: diagnosticsKeys.reachability(),
    queryFn: ({ signal }) => getReachability(signal),
    retry: false,
  });
}

/** SPEC §9 retry policy around a real refresh: what the auto-refresh would do, on demand. */
export async function testRefresh() {
  return refreshWithRetry(
    async () => {
      const { data, error } = await supabase.auth.refreshSession();
      if (error) throw error;
      return data.session;
    },
    { isRetryable: (error) => (error as { name?: string } | null)?.name === 'AuthRetryableFetchError' },
  );
}
