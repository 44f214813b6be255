import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { changeLanguage } from '@/lib/i18n';
import { supabase } from '@/lib/supabase';
import { uiLanguageFor, type ProfileValues } from '../profile-schema';
import { accountSettingsKeys } from './organization-keys';

/** Saves the member's own name and preferred language (profiles_update: a member's own row). */
export async function updateProfile({ userId, values }: { userId: string; values: ProfileValues }) {
  return run(
    supabase.from('profiles').update(values).eq('user_id', userId).select('full_name, preferred_language').single(),
  );
}

/** The chosen language applies to the interface at once (Spanish shows English until translated). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: async (_data, { userId, values }) => {
      await changeLanguage(uiLanguageFor(values.preferred_language));
      await queryClient.invalidateQueries({ queryKey: accountSettingsKeys.profile(userId) });
    },
  });
}
