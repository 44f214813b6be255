import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { queryRoots } from '@/lib/query-roots';

export const securityKeys = {
  all: [...queryRoots.settings, 'security'] as const,
  factors: () => [...securityKeys.all, 'factors'] as const,
};

/** Every factor of the signed-in user (verified and not), from GET /user (SPEC §7). */
export async function getFactors() {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export function useFactors() {
  return useQuery({ queryKey: securityKeys.factors(), queryFn: getFactors });
}

/** POST /factors: a new TOTP factor (unverified until its first code is checked). */
export async function enrollTotp(friendlyName: string) {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Nuzl' });
  if (error) throw error;
  return data;
}

/** Challenge + verify: the factor becomes verified and the session reaches aal2 (SPEC §4). */
export async function verifyFactor({ factorId, code }: { factorId: string; code: string }) {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export async function removeFactor(factorId: string) {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

const inline = { retry: false, meta: { skipErrorToast: true } } as const;

export function useEnrollTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollTotp,
    ...inline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.factors() }),
  });
}

export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFactor,
    ...inline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.factors() }),
  });
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    ...inline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.factors() }),
  });
}
