/**
 * Every route of SPEC §2 in one place. Components link with `paths.x.getHref()`, never with
 * string literals, so a path changes here and nowhere else.
 */
export const settingsTabs = [
  'profile',
  'integrations',
  'ota_connections',
  'security',
  'billing',
  'notifications',
  'messages',
  'automation',
  'organization',
  'public_site',
  'roles',
] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The sections nested under /dashboard, also reachable through their legacy top-level path. */
export const dashboardSections = [
  'units',
  'bookings',
  'clients',
  'inbox',
  'payments',
  'vendors',
  'tasks',
  'access',
  'users',
  'reports',
  'settings',
] as const;
export type DashboardSection = (typeof dashboardSections)[number];

/**
 * The sections that once lived at the top level (`/bookings`) and still redirect from there. Newer
 * sections (the inbox, issue 16) never had such a path: `/inbox` stays free for an organisation's slug.
 */
export const legacySections = dashboardSections.filter((section) => section !== 'inbox');

function route<P extends unknown[]>(path: string, getHref: (...args: P) => string) {
  return { path, getHref };
}

export const paths = {
  home: route('/', () => '/'),
  /** The Arabic landing page, prerendered like `/` (issue 12). */
  arabicHome: route('/ar', () => '/ar'),
  /** The Arabic sign-in page, prerendered like `/login`. */
  arabicLogin: route('/ar/login', () => '/ar/login'),
  game: route('/game', () => '/game'),
  health: route('/health', () => '/health'),
  login: route('/login', (redirectTo?: string) =>
    redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login',
  ),
  authDiagnostics: route('/auth-diagnostics', () => '/auth-diagnostics'),
  resetPassword: route('/reset-password', () => '/reset-password'),
  verify: route('/verify', () => '/verify'),
  /** "Get started" from the landing's pricing (issue 12): sign-in, the chosen plan kept in the URL. */
  getStarted: route('/login', (plan: string, billing: string) => `/login?${new URLSearchParams({ plan, billing })}`),
  /** The legal pages, in both languages (issue 12). */
  terms: route('/terms', () => '/terms'),
  privacy: route('/privacy', () => '/privacy'),
  /** An invitation's link, e-mailed to the invitee (issue 14): sign in or up with the address, then join. */
  acceptInvitation: route('/invite/:token', (token: string) => `/invite/${encodeURIComponent(token)}`),
  /** A guest's single-use review link, sent after check-out (issue 13). */
  reviewLink: route('/review/:token', (token: string) => `/review/${encodeURIComponent(token)}`),
  /** A guest's link to an issued invoice, sent in invoice messages ({{invoice_link}}, issue 16). */
  guestInvoice: route('/invoice/:token', (token: string) => `/invoice/${encodeURIComponent(token)}`),
  publicSite: route('/org/:slug', (slug: string) => `/org/${encodeURIComponent(slug)}`),
  publicUnit: route(
    '/org/:slug/units/:unitId',
    (slug: string, unitId: string) => `/org/${encodeURIComponent(slug)}/units/${encodeURIComponent(unitId)}`,
  ),
  slugRedirect: route('/:slug', (slug: string) => `/${encodeURIComponent(slug)}`),
  superAdmin: route('/super-admin', () => '/super-admin'),
  dashboard: {
    root: route('/dashboard', () => '/dashboard'),
    section: (section: DashboardSection) => `/dashboard/${section}`,
    /** One tax document (invoice, credit or debit note) of the payments section. */
    invoice: route(
      '/dashboard/payments/invoices/:id',
      (id: string) => `/dashboard/payments/invoices/${encodeURIComponent(id)}`,
    ),
    /** The guest inbox (issue 16); `conversation` (`client:<uuid>` / `address:<e164>`) opens that thread. */
    inbox: route('/dashboard/inbox', (conversation?: string) =>
      conversation ? `/dashboard/inbox?c=${encodeURIComponent(conversation)}` : '/dashboard/inbox',
    ),
    settings: route('/dashboard/settings', (tab?: SettingsTab) =>
      tab ? `/dashboard/settings?tab=${tab}` : '/dashboard/settings',
    ),
  },
} as const;

/**
 * The `?redirect=` target after sign-in, only if it is a path inside this app. Anything else
 * (absolute URLs, protocol-relative `//evil.example`, back-slash tricks) is refused: an open
 * redirect on a login page is a phishing tool.
 */
export function getSafeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, 'http://nuzl.invalid');
    if (url.origin !== 'http://nuzl.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
