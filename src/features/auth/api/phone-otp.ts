import { useMutation } from '@tanstack/react-query';
import { authStorage, supabase } from '@/lib/supabase';

/** SPEC §1: a one-time 6-digit code by SMS to a Saudi number in E.164 (`+9665xxxxxxxx`). */
export async function sendPhoneCode(phone: string): Promise<void> {
  const { error } = await supabase.auth.signInWithOtp({ phone, options: { channel: 'sms' } });
  if (error) throw error;
}

export interface VerifyPhoneCodeInput {
  phone: string;
  code: string;
  /** Remember me: keep the session for a month (localStorage) or for this browser session only. */
  remember: boolean;
}

export async function verifyPhoneCode({ phone, code, remember }: VerifyPhoneCodeInput): Promise<void> {
  // The storage choice must be made before auth-js writes the new session.
  authStorage.setRemember(remember);
  const { error } = await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' });
  if (error) throw error;
}

// The screens show these failures inline (with their SPEC §8 titles), not as a generic toast,
// and a wrong code must never be retried automatically.
const inline = { retry: false, meta: { skipErrorToast: true } } as const;

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode, ...inline });
}

export function useVerifyPhoneCode() {
  return useMutation({ mutationFn: verifyPhoneCode, ...inline });
}
