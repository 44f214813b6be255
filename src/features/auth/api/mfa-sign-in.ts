import { useMutation, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { queryRoots } from '@/lib/query-roots';

/** The verified TOTP factors of the signed-in user (for the second sign-in step). */
export async function getVerifiedTotpFactors() {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp;
}

export function useVerifiedTotpFactors(enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.auth, 'mfa', 'verified-totp'],
    queryFn: getVerifiedTotpFactors,
    enabled,
    retry: false,
  });
}

/** Challenge + verify in one go: the session that comes back is aal2 (SPEC §4). */
export async function verifyTotpSignIn({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export function useVerifyTotpSignIn() {
  return useMutation({ mutationFn: verifyTotpSignIn, retry: false, meta: { skipErrorToast: true } });
}
