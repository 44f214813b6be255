import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { SessionStateProvider, type SessionState } from '@/lib/session';
import { authStorage, supabase } from '@/lib/supabase';
import { loadAccount, type AccountOrganization, type AccountProblem, type AccountProfile } from './load-account';
import { applyProfileLanguage } from './profile-language';

export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';
export type AccountStatus = 'idle' | 'loading' | 'ready' | 'problem';

export interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  profile: AccountProfile | null;
  organization: AccountOrganization | null;
  accountStatus: AccountStatus;
  /** Why the profile or organisation could not be loaded (SPEC §8). */
  problem: AccountProblem | null;
  /** True after a session ended on its own (refresh refused, token revoked): "Session expired". */
  sessionExpired: boolean;
  lastEvent: AuthChangeEvent | null;
  /** Reloads the profile and organisation (after onboarding created them). */
  reloadAccount: () => Promise<void>;
  /** Signs out on this device ('local'), everywhere ('global') or on the other devices ('others'). */
  signOut: (scope?: 'local' | 'global' | 'others') => Promise<void>;
  dismissSessionExpired: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface AccountState {
  userId: string | null;
  status: AccountStatus;
  profile: AccountProfile | null;
  organization: AccountOrganization | null;
  problem: AccountProblem | null;
}

async function fetchAccount(userId: string): Promise<AccountState> {
  try {
    const result = await loadAccount();
    return result.ok
      ? { userId, status: 'ready', profile: result.profile, organization: result.organization, problem: null }
      : { userId, status: 'problem', profile: result.profile, organization: null, problem: result.problem };
  } catch {
    // SPEC §8: "Unexpected error during initialization".
    return { userId, status: 'problem', profile: null, organization: null, problem: { kind: 'unexpected' } };
  }
}

/**
 * The session, user, profile and organisation, loaded once per signed-in user and shared by
 * every screen (features read them through `useAuth()`). It also feeds the frame's
 * `useSession()`, so the guard and the layout see exactly the same state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSession] = useState<Session | null>(null);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  const [account, setAccount] = useState<AccountState>({
    userId: null,
    status: 'idle',
    profile: null,
    organization: null,
    problem: null,
  });
  const [sessionExpired, setSessionExpired] = useState(false);
  const userInitiatedSignOut = useRef(false);
  const hadSession = useRef(authStorage.hadSessionAtStart);
  const queryClient = useQueryClient();
  /** Whose data the query cache holds: undefined until the first session check answers. */
  const cachedUserId = useRef<string | null | undefined>(undefined);
  /**
   * The user who signed in in this tab (or another tab of this browser) since it opened: from
   * nobody to somebody. Their profile's language is applied once, as their account loads.
   * A session restored at start-up is no sign-in: the browser's language choice stands.
   */
  const signedInNow = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    const apply = (event: AuthChangeEvent | null, next: Session | null) => {
      if (!active) return;
      // A different user (or none) from now on: drop every cached answer before anything renders
      // with the new session, so nobody sees the previous user's data, not even for a frame, and
      // nothing fetched for one user is served fresh to the next. Covers sign-out, signing in as
      // someone else, and another tab doing either (auth-js relays it to this tab's listener). A
      // token refresh keeps the user and the cache.
      const nextUserId = next?.user.id ?? null;
      // The start-up answers (getSession's and auth-js's INITIAL_SESSION event) may arrive
      // while React is still adopting a prerendered page: as a transition they let that
      // hydration go on in slices, where an ordinary update would make React hydrate the rest of
      // the page in one long task first (issue 12, TBT). Sign-in, sign-out, refreshes and
      // another tab's changes apply at once.
      const startUp = event === null || event === 'INITIAL_SESSION';
      if (cachedUserId.current !== undefined && cachedUserId.current !== nextUserId) queryClient.clear();
      if (cachedUserId.current === null && nextUserId !== null) signedInNow.current = nextUserId;
      cachedUserId.current = nextUserId;
      const update = () => {
        if (next) {
          hadSession.current = true;
          setSessionExpired(false);
        } else if (hadSession.current && !userInitiatedSignOut.current) {
          // A session we had is gone without the user asking: auth-js removed it after a refresh
          // it could not retry, or the server no longer knows it (SPEC §4).
          setSessionExpired(true);
        }
        if (!next) {
          hadSession.current = false;
          userInitiatedSignOut.current = false;
        }
        setSession(next);
        setStatus(next ? 'signed_in' : 'signed_out');
        if (event) setLastEvent(event);
      };
      if (startUp) startTransition(update);
      else update();
    };
    supabase.auth.getSession().then(
      ({ data }) => apply(null, data.session),
      () => apply(null, null),
    );
    const { data } = supabase.auth.onAuthStateChange((event, next) => apply(event, next));
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [queryClient]);

  const userId = session?.user.id ?? null;

  const reloadAccount = useCallback(async () => {
    if (!userId) return;
    // No "loading" flip here: a reload keeps showing what is known until the answer arrives.
    setAccount(await fetchAccount(userId));
  }, [userId]);

  // Once per user: a token refresh (same user) does not reload anything. After sign-out the
  // stored account belongs to another (or no) user and is ignored by the value below.
  useEffect(() => {
    if (!userId) return;
    let active = true;
    const signedIn = signedInNow.current === userId;
    if (signedIn) signedInNow.current = null;
    // At sign-in the profile's language is applied before the account counts as loaded, so the
    // dashboard opens in it instead of flipping after its first frame.
    void Promise.all([fetchAccount(userId), signedIn ? applyProfileLanguage(userId) : null]).then(([next]) => {
      if (active) setAccount(next);
    });
    return () => {
      active = false;
    };
  }, [userId]);

  const signOut = useCallback(async (scope: 'local' | 'global' | 'others' = 'local') => {
    if (scope !== 'others') userInitiatedSignOut.current = true;
    // SPEC §7: auth-js ignores 401/403/404 from the server and removes the local session anyway.
    const { error } = await supabase.auth.signOut({ scope });
    if (error) {
      userInitiatedSignOut.current = false;
      throw error;
    }
  }, []);

  const dismissSessionExpired = useCallback(() => setSessionExpired(false), []);

  const value = useMemo<AuthContextValue>(() => {
    const current = account.userId === userId ? account : null;
    return {
      status,
      session,
      user: session?.user ?? null,
      profile: current?.profile ?? null,
      organization: current?.organization ?? null,
      accountStatus: current ? current.status : userId ? 'loading' : 'idle',
      problem: current?.problem ?? null,
      sessionExpired,
      lastEvent,
      reloadAccount,
      signOut,
      dismissSessionExpired,
    };
  }, [account, userId, status, session, sessionExpired, lastEvent, reloadAccount, signOut, dismissSessionExpired]);

  const sessionState = useMemo<SessionState>(
    () =>
      status === 'signed_in' && session
        ? { status: 'signed_in', session }
        : status === 'loading'
          ? { status: 'loading', session: null }
          : { status: 'signed_out', session: null },
    [status, session],
  );

  return (
    <AuthContext.Provider value={value}>
      <SessionStateProvider value={sessionState}>{children}</SessionStateProvider>
    </AuthContext.Provider>
  );
}

/** Test seam: render a component with a fixed auth state. */
export const AuthContextProvider = AuthContext.Provider;

/** The auth state, or null outside an AuthProvider (shared widgets that also render without one). */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
