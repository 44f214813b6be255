import { useMutation } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import type { Language } from '@/lib/i18n';
import { supabase } from '@/lib/supabase';
import type { OrganizationFormValues } from '../schemas';

/**
 * The organisation step: create_organization() makes the organisation, the caller's profile,
 * the built-in roles (caller = admin) and a disabled public site in one transaction.
 */
export async function createOrganization(input: OrganizationFormValues & { language: Language }) {
  return run(
    supabase.rpc('create_organization', {
      name: input.name,
      slug: input.slug,
      country: input.country,
      default_currency: input.default_currency,
      default_timezone: input.default_timezone,
      preferred_language: input.language,
    }),
  );
}

export function useCreateOrganization() {
  // Not retried: a second try after a lost answer would meet "already a member".
  return useMutation({ mutationFn: createOrganization, retry: false, meta: { skipErrorToast: true } });
}
