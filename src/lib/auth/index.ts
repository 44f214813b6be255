export {
  AuthContextProvider,
  AuthProvider,
  useAuth,
  type AuthContextValue,
  type AuthStatus,
  type AccountStatus,
} from './auth-provider';
export type { AccountOrganization, AccountProblem, AccountProblemKind, AccountProfile } from './load-account';
export { organizationSettings, useOrganizationSettings, type OrganizationSettings } from './organization-settings';
export { decodeJwtPayload, maskSecret, needsMfa, secondsUntilExpiry } from './session';
export { getInitialUrlCallback, type UrlCallback, type UrlCallbackType } from './url-callback';
export { myPermissionsQueryOptions, permissionKeys, usePermissions, type Permissions } from './permissions';
export { applyProfileLanguage, saveProfileLanguage, uiLanguageOf } from './profile-language';
