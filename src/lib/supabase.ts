import { createClient } from '@supabase/supabase-js';
import { getEnv } from '@/config/env';
import type { Database } from '@/types/database';

const env = getEnv();

/**
 * The one Supabase client of the app (STYLE 5). SPEC §9: the session lives in localStorage,
 * persisted, refreshed automatically, and picked up from the URL after e-mail links.
 */
export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
  },
});

export type SupabaseClient = typeof supabase;
