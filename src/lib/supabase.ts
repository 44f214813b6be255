import { createClient } from '@supabase/supabase-js';
import { getEnv } from '@/config/env';
import type { Database } from '@/types/database';
import { createAuthStorage, defaultSessionKey } from './auth/auth-storage';
import { captureUrlCallback } from './auth/url-callback';

const env = getEnv();
const sessionKey = defaultSessionKey(env.VITE_SUPABASE_URL);

/**
 * Remember me (SPEC §1): the session lives in localStorage for a month when the user asked to be
 * remembered, in sessionStorage (gone with the browser session) otherwise. See lib/auth/auth-storage.ts.
 */
export const authStorage = createAuthStorage({
  local: typeof window === 'undefined' ? null : window.localStorage,
  session: typeof window === 'undefined' ? null : window.sessionStorage,
  sessionKey,
});

// Before the client reads (and clears) an e-mail link's parameters: /verify needs its type.
captureUrlCallback();

/**
 * The one Supabase client of the app (STYLE 5). SPEC §9: the session is persisted (through
 * authStorage above: localStorage when remembered, else sessionStorage),
 * refreshed automatically, and picked up from the URL after e-mail links.
 */
export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: sessionKey,
    storage: typeof window === 'undefined' ? undefined : authStorage,
  },
});

export type SupabaseClient = typeof supabase;
