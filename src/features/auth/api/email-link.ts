import type { EmailOtpType } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** Links that carry `?token_hash=…&type=…` (custom e-mail templates) are verified here. */
export async function verifyEmailLink(tokenHash: string, type: EmailOtpType): Promise<void> {
  const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
}
