import type { Session } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { supabase } from './supabase';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed_in'; session: Session }
  | { status: 'signed_out'; session: null };

const SessionContext = createContext<SessionState | null>(null);

/** Tracks the Supabase session: the stored one at start, then every auth event. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', session: null });

  useEffect(() => {
    let active = true;
    const apply = (session: Session | null) => {
      if (!active) return;
      setState(session ? { status: 'signed_in', session } : { status: 'signed_out', session: null });
    };
    supabase.auth.getSession().then(
      ({ data }) => apply(data.session),
      () => apply(null),
    );
    const { data } = supabase.auth.onAuthStateChange((_event, session) => apply(session));
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

/** Test seam and the value for anything rendered outside the provider. */
export const SessionStateProvider = SessionContext.Provider;

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}
