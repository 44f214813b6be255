export {
  AuthContextProvider,
  AuthProvider,
  useAuth,
  type AuthContextValue,
  type AuthStatus,
  type AccountStatus,
} from './auth-provider';
export type { AccountOrganization, AccountProblem, AccountProblemKind, AccountProfile } from './load-account';
export { decodeJwtPayload, maskSecret, needsMfa, secondsUntilExpiry } from './session';
export { getInitialUrlCallback, type UrlCallback, type UrlCallbackType } from './url-callback';
