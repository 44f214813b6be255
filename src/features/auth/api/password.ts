import { useMutation } from '@tanstack/react-query';
import { authStorage, supabase } from '@/lib/supabase';

/** Invited staff may sign in with the e-mail and password they chose (SPEC §1). */
export async function signInWithEmailPassword(input: {
  email: string;
  password: string;
  remember: boolean;
}): Promise<void> {
  authStorage.setRemember(input.remember);
  const { error } = await supabase.auth.signInWithPassword({ email: input.email, password: input.password });
  if (error) throw error;
}

/** Sends the reset link; it leads back to /reset-password, where the new password is set. */
export async function requestPasswordReset(email: string): Promise<void> {
  const redirectTo = `${window.location.origin}/reset-password`;
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

/** Sets a new password for the signed-in user (after a recovery or an invitation link). */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

const inline = { retry: false, meta: { skipErrorToast: true } } as const;

export function useSignInWithEmailPassword() {
  return useMutation({ mutationFn: signInWithEmailPassword, ...inline });
}
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, ...inline });
}
export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword, ...inline });
}
