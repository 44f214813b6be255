export { AuthContextProvider, AuthProvider, useAuth, type AuthContextValue, type AuthStatus, type AccountStatus } from './auth-provider';
export type { AccountOrganization, AccountProblem, AccountProblemKind, AccountProfile } from './load-account';
export { decodeJwtPayload, maskSecret, needsMfa, secondsUntilExpiry } from './session';
