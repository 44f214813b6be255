import { useMutation } from '@tanstack/react-query';
import { getEnv } from '@/config/env';
import { supabase } from '@/lib/supabase';

export class CurrentPasswordError extends Error {
  constructor() {
    super('current_password_wrong');
    this.name = 'CurrentPasswordError';
  }
}

/**
 * Checks the current password without touching this tab's session: a password grant straight
 * to the auth API (not through the client, which would replace the stored session and drop an
 * aal2 session to aal1), then that throw-away session is signed out again.
 */
async function checkCurrentPassword(login: { email?: string; phone?: string }, password: string): Promise<void> {
  const env = getEnv();
  const headers = {
    apikey: env.VITE_SUPABASE_ANON_KEY,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  };
  const response = await fetch(`${env.VITE_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...login, password }),
  });
  if (response.status === 400) throw new CurrentPasswordError();
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  const { access_token: token } = (await response.json()) as { access_token?: string };
  if (token) {
    await fetch(`${env.VITE_SUPABASE_URL}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
}

/** SPEC §2/§5: the profile's password change needs the current, the new and the confirmed password. */
export async function changePassword({ current, next }: { current: string; next: string }): Promise<void> {
  const { data, error: userError } = await supabase.auth.getUser();
  if (userError) throw userError;
  const user = data.user;
  const login = user.email ? { email: user.email } : { phone: user.phone ?? '' };
  await checkCurrentPassword(login, current);
  const { error } = await supabase.auth.updateUser({ password: next });
  if (error) throw error;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: false, meta: { skipErrorToast: true } });
}
