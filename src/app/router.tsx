import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { dashboardSections, legacySections, paths, type DashboardSection } from '@/config/paths';
import { PublicSiteRouteError } from '@/features/public-site/components/public-site-route-error';
import { RouteError } from './errors/route-error';
import { RequireSession } from './guards/require-session';
import { PublicLayout } from './layouts/public-layout';

/**
 * SPEC §2, the whole route table. Every screen is its own lazily loaded chunk: `lazy` returns
 * the component, so a visitor of the landing page never downloads the dashboard.
 * The same import specifiers are used by `prefetch.ts`, so Vite maps them to the same chunks.
 */
export const routeModules = {
  landing: () => import('@/features/landing/pages/landing-page'),
  game: () => import('@/features/game/pages/game-page'),
  health: () => import('@/features/health/pages/health-page'),
  login: () => import('@/features/auth/pages/login-page'),
  authDiagnostics: () => import('@/features/auth/pages/auth-diagnostics-page'),
  resetPassword: () => import('@/features/auth/pages/reset-password-page'),
  verify: () => import('@/features/auth/pages/verify-page'),
  legal: () => import('@/features/landing/pages/legal-page'),
  reviewLink: () => import('@/features/review-link/pages/review-link-page'),
  guestInvoice: () => import('@/features/invoices/pages/public-invoice-page'),
  acceptInvitation: () => import('@/features/users/pages/accept-invitation-page'),
  publicUnit: () => import('@/features/public-site/pages/public-unit-page'),
  slugRedirect: () => import('./routes/slug-redirect'),
  // The console for the super administrator, "Page not found" for anyone else (issue 14).
  superAdmin: () => import('./routes/super-admin-route'),
  notFound: () => import('@/features/not-found/pages/not-found-page'),
  dashboardLayout: () => import('./layouts/dashboard-layout'),
  overview: () => import('@/features/dashboard/pages/overview-page'),
  units: () => import('@/features/units/pages/units-page'),
  bookings: () => import('@/features/bookings/pages/bookings-page'),
  clients: () => import('@/features/clients/pages/clients-page'),
  payments: () => import('@/features/payments/pages/payments-page'),
  invoice: () => import('@/features/invoices/pages/invoice-page'),
  vendors: () => import('@/features/vendors/pages/vendors-page'),
  tasks: () => import('@/features/tasks/pages/tasks-page'),
  access: () => import('@/features/access/pages/access-page'),
  users: () => import('@/features/users/pages/users-page'),
  reports: () => import('@/features/reports/pages/reports-page'),
  inbox: () => import('@/features/inbox/pages/inbox-page'),
  settings: () => import('@/features/settings/pages/settings-page'),
};

const sectionComponents: Record<DashboardSection, () => Promise<{ Component: React.ComponentType }>> = {
  units: async () => ({ Component: (await routeModules.units()).UnitsPage }),
  // Composed in app/ so the booking form can add a guest with the clients feature's dialog.
  bookings: async () => ({ Component: (await import('./routes/bookings-route')).BookingsRoute }),
  // Composed in app/ so a client's details offer the inbox's "Message".
  clients: async () => ({ Component: (await import('./routes/clients-route')).ClientsRoute }),
  inbox: async () => ({ Component: (await routeModules.inbox()).InboxPage }),
  // Composed in app/ so the payments page shows the invoices feature's section.
  payments: async () => ({ Component: (await import('./routes/payments-route')).PaymentsRoute }),
  vendors: async () => ({ Component: (await routeModules.vendors()).VendorsPage }),
  tasks: async () => ({ Component: (await routeModules.tasks()).TasksPage }),
  access: async () => ({ Component: (await routeModules.access()).AccessPage }),
  users: async () => ({ Component: (await routeModules.users()).UsersPage }),
  // Composed in app/ so Reports shows the alerts feature's tab.
  reports: async () => ({ Component: (await import('./routes/reports-route')).ReportsRoute }),
  // Composed in app/ so Settings shows the notifications feature's tab.
  settings: async () => ({ Component: (await import('./routes/settings-route')).SettingsRoute }),
};

/** `/bookings?x=1` → `/dashboard/bookings?x=1`: old links keep working, query string included. */
function LegacyRedirect({ section }: { section: DashboardSection }) {
  const location = useLocation();
  return <Navigate to={`${paths.dashboard.section(section)}${location.search}${location.hash}`} replace />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: async () => ({ Component: (await routeModules.landing()).LandingPage }) },
          // The Arabic twins of the prerendered pages (issue 12): their own URLs, for hreflang.
          {
            path: paths.arabicHome.path,
            lazy: async () => ({ Component: (await routeModules.landing()).LandingPage }),
          },
          {
            path: paths.arabicLogin.path,
            lazy: async () => ({ Component: (await routeModules.login()).LoginPage }),
          },
          { path: paths.game.path, lazy: async () => ({ Component: (await routeModules.game()).GamePage }) },
          { path: paths.health.path, lazy: async () => ({ Component: (await routeModules.health()).HealthPage }) },
          { path: paths.login.path, lazy: async () => ({ Component: (await routeModules.login()).LoginPage }) },
          {
            path: paths.authDiagnostics.path,
            lazy: async () => ({ Component: (await routeModules.authDiagnostics()).AuthDiagnosticsPage }),
          },
          {
            path: paths.resetPassword.path,
            lazy: async () => ({ Component: (await routeModules.resetPassword()).ResetPasswordPage }),
          },
          { path: paths.verify.path, lazy: async () => ({ Component: (await routeModules.verify()).VerifyPage }) },
          {
            // An invitation e-mail's link (issue 14): sign in or up with the invited address, then join.
            path: paths.acceptInvitation.path,
            lazy: async () => ({ Component: (await routeModules.acceptInvitation()).AcceptInvitationPage }),
          },
          { path: paths.terms.path, lazy: async () => ({ Component: (await routeModules.legal()).TermsPage }) },
          { path: paths.privacy.path, lazy: async () => ({ Component: (await routeModules.legal()).PrivacyPage }) },
          {
            path: paths.slugRedirect.path,
            lazy: async () => ({ Component: (await routeModules.slugRedirect()).SlugRedirect }),
          },
          ...legacySections.map((section) => ({
            path: `/${section}`,
            element: <LegacyRedirect section={section} />,
          })),
          { path: '*', lazy: async () => ({ Component: (await routeModules.notFound()).NotFoundPage }) },
        ],
      },
      {
        // A guest's review link (issue 13): the host's name, not Nuzl's header.
        path: paths.reviewLink.path,
        lazy: async () => ({ Component: (await routeModules.reviewLink()).ReviewLinkPage }),
      },
      {
        // A guest's invoice link (issue 16): the seller's name and the document, no dashboard.
        path: paths.guestInvoice.path,
        lazy: async () => ({ Component: (await routeModules.guestInvoice()).PublicInvoicePage }),
      },
      {
        // The public booking page (its brand, its own fallback, SPEC §2) is its own lean entry (src/public-site-entry.tsx, issue 12): a
        // link inside the app that leads there loads that entry.
        path: paths.publicSite.path,
        lazy: async () => ({ Component: (await import('./routes/public-site-handoff')).PublicSiteHandoff }),
      },
      {
        // A unit of the public booking page, with its calendar and the request form (issue 13).
        path: paths.publicUnit.path,
        errorElement: <PublicSiteRouteError />,
        lazy: async () => ({ Component: (await routeModules.publicUnit()).PublicUnitPage }),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: paths.superAdmin.path,
                lazy: async () => ({ Component: (await routeModules.superAdmin()).SuperAdminRoute }),
              },
            ],
          },
          {
            path: paths.dashboard.root.path,
            lazy: async () => ({ Component: (await routeModules.dashboardLayout()).DashboardLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/dashboard-route')).DashboardRoute }),
              },
              ...dashboardSections.map((section) => ({ path: section, lazy: sectionComponents[section] })),
              {
                path: paths.dashboard.invoice.path.replace('/dashboard/', ''),
                lazy: async () => ({ Component: (await routeModules.invoice()).InvoicePage }),
              },
            ],
          },
        ],
      },
    ],
  },
];
