import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './organization-keys';

export type ContactChannel = 'phone' | 'email';

/**
 * Asks the auth service to change the phone or e-mail (PUT /user): it sends a code to the new
 * phone, or to the new e-mail address and, with double confirmation, to the current one too.
 * Nothing changes until the code is verified.
 */
export async function requestContactChange({ channel, value }: { channel: ContactChannel; value: string }) {
  const { error } = await supabase.auth.updateUser(channel === 'phone' ? { phone: value } : { email: value });
  if (error) throw error;
}

/**
 * Verifies one code (verifyOtp phone_change / email_change). For an e-mail with double
 * confirmation the first code only confirms one address: `done` is false until the user's
 * address actually is the new one. Once changed, the profile row shows the same value.
 */
export async function verifyContactChange({
  channel,
  value,
  code,
  userId,
}: {
  channel: ContactChannel;
  /** The address the code was sent to. */
  value: string;
  code: string;
  userId: string;
}): Promise<{ done: boolean }> {
  const { error } =
    channel === 'phone'
      ? await supabase.auth.verifyOtp({ phone: value, token: code, type: 'phone_change' })
      : await supabase.auth.verifyOtp({ email: value, token: code, type: 'email_change' });
  if (error) throw error;
  const { data, error: userError } = await supabase.auth.getUser();
  if (userError) throw userError;
  const user = data.user;
  const current = channel === 'phone' ? user.phone : user.email;
  const done = channel === 'phone' ? Boolean(user.phone) && !user.new_phone : !user.new_email;
  if (done && current) {
    const stored = channel === 'phone' ? `+${current.replace(/^\+/, '')}` : current;
    await supabase
      .from('profiles')
      .update(channel === 'phone' ? { phone: stored } : { email: stored })
      .eq('user_id', userId);
  }
  return { done };
}

export function useRequestContactChange() {
  return useMutation({ mutationFn: requestContactChange, retry: false, meta: { skipErrorToast: true } });
}

export function useVerifyContactChange() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: verifyContactChange,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: async ({ done }, { userId }) => {
      if (!done) return;
      await queryClient.invalidateQueries({ queryKey: accountSettingsKeys.profile(userId) });
      await reloadAccount();
    },
  });
}
