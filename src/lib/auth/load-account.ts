import type { User } from '@supabase/supabase-js';
import { getErrorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The signed-in user's profile row and their organisation, as the rest of the app needs them. */
export interface AccountProfile {
  id: string;
  user_id: string;
  organization_id: string | null;
  /** 'staff' belong to an organisation; 'vendor' and 'platform' (super administrator) do not. */
  kind: string;
  full_name: string | null;
  /** active, pending or inactive (SPEC §4 User); an inactive member reads nothing of the organisation. */
  status?: string;
  created_at: string;
  /** Hijri dates beside Gregorian ones: true show, false hide, null/absent follow the organisation (issue 17). */
  hijri_dates?: boolean | null;
}

export interface AccountOrganization {
  id: string;
  name: string;
  name_ar: string | null;
  slug: string;
  /** What "today" and every time mean for the organisation (useOrganizationSettings). */
  default_timezone: string;
  /** The currency of the organisation's own prices. */
  default_currency: string;
  /** The organisation's default for Hijri dates beside Gregorian ones (issue 17; useDateFormat). */
  hijri_dates?: boolean;
}

/** SPEC §8, in the order the loader can meet them. */
export type AccountProblemKind =
  | 'authentication_failed'
  | 'profile_not_found'
  | 'organization_failed'
  | 'no_organization'
  /** A member an administrator deactivated: the organisation is there, but not for them (issue 14). */
  | 'inactive'
  /** The platform suspended the organisation: its staff read nothing of it until it is reactivated (issue 14). */
  | 'suspended'
  | 'unexpected';

export interface AccountProblem {
  kind: AccountProblemKind;
  /**
   * For organization_failed: the translated reason shown after "Failed to load organization:";
   * for suspended: the reason the super administrator gave.
   */
  detail?: string;
}

export type AccountResult =
  | { ok: true; user: User; profile: AccountProfile; organization: AccountOrganization | null }
  | { ok: false; user: User | null; profile: AccountProfile | null; problem: AccountProblem };

interface ProfileRow extends AccountProfile {
  organizations: AccountOrganization | null;
}

/**
 * One load per signed-in user: confirm the user with the auth server (a token the server no
 * longer honours is "Authentication failed"), then read the profile with its organisation
 * embedded (one request, no waterfall).
 */
export async function loadAccount(): Promise<AccountResult> {
  const { data: userData, error: userError } = await supabase.auth.getUser();
  if (userError || !userData.user) {
    return { ok: false, user: null, profile: null, problem: { kind: 'authentication_failed' } };
  }
  const user = userData.user;
  const { data, error } = await supabase
    .from('profiles')
    .select(
      'id, user_id, organization_id, kind, full_name, status, created_at, hijri_dates, organizations(id, name, name_ar, slug, default_timezone, default_currency, hijri_dates)',
    )
    .eq('user_id', user.id)
    .maybeSingle<ProfileRow>();
  if (error) {
    return { ok: false, user, profile: null, problem: { kind: 'organization_failed', detail: getErrorMessage(error) } };
  }
  if (!data) return { ok: false, user, profile: null, problem: { kind: 'profile_not_found' } };
  const { organizations: organization, ...profile } = data;
  // Vendors and the platform administrator have no organisation by design.
  if (profile.kind !== 'staff') return { ok: true, user, profile, organization: null };
  // Deactivated: the database shows them nothing of the organisation, which is not "no organisation".
  if (profile.status === 'inactive') return { ok: false, user, profile, problem: { kind: 'inactive' } };
  if (!profile.organization_id || !organization) {
    // A suspended organisation hides its row from its own staff: ask why rather than say "none".
    if (profile.organization_id) {
      const suspension = await supabase.rpc('my_organization_suspension');
      const reason = (suspension.data as { reason?: unknown } | null)?.reason;
      if (!suspension.error && suspension.data) {
        return {
          ok: false,
          user,
          profile,
          problem: { kind: 'suspended', detail: typeof reason === 'string' ? reason : '' },
        };
      }
    }
    return { ok: false, user, profile, problem: { kind: 'no_organization' } };
  }
  return { ok: true, user, profile, organization };
}
