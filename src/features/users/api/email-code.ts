import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authStorage, supabase } from '@/lib/supabase';

/**
 * The invitee signs in (or up) with the invited address: a one-time code by e-mail (SPEC §1, the
 * auth service's e-mail OTP; verifying it confirms the address, which accept_invitation requires).
 * The e-mail's link leads back to the invitation page, so clicking it instead of typing works too.
 */
export async function sendEmailCode(input: { email: string; fullName: string; token: string }): Promise<void> {
  const redirectTo = `${window.location.origin}${paths.acceptInvitation.getHref(input.token)}`;
  const { error } = await supabase.auth.signInWithOtp({
    email: input.email,
    options: {
      shouldCreateUser: true,
      emailRedirectTo: redirectTo,
      // Kept by a new account only: accept_invitation names the profile after it.
      data: input.fullName ? { full_name: input.fullName } : undefined,
    },
  });
  if (error) throw error;
}

export async function verifyEmailCode(input: { email: string; code: string }): Promise<void> {
  // Remember me (SPEC §1), as the sign-in page's default: a month in this browser.
  authStorage.setRemember(true);
  const { error } = await supabase.auth.verifyOtp({ email: input.email, token: input.code, type: 'email' });
  if (error) throw error;
}

const inline = { retry: false, meta: { skipErrorToast: true } } as const;

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode, ...inline });
}
export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode, ...inline });
}
