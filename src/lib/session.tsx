import type { Session } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed_in'; session: Session }
  | { status: 'signed_out'; session: null };

const SessionContext = createContext<SessionState | null>(null);

/**
 * The session as the app sees it. `AuthProvider` (lib/auth) is the one source: it tracks
 * Supabase's auth events and provides this state; tests provide it directly.
 */
export const SessionStateProvider = SessionContext.Provider;

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside <AuthProvider>');
  return state;
}
