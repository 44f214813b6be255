import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { NotificationBellSlot } from '@/features/notifications';
import { OnboardingGate } from '@/features/onboarding';
import { useVendorOrganizations } from '@/features/vendors/api/get-vendor-organizations';
import { useAuth } from '@/lib/auth';
import { localized } from '@/lib/localized';
import { RequireSectionPermission } from '../guards/require-section-permission';
import { VendorScope } from '../guards/vendor-scope';
import { DashboardNav } from './dashboard-nav';
import { UserMenu } from './user-menu';

/**
 * The signed-in user's organisation, loaded once by the AuthProvider (lib/auth). A vendor user
 * belongs to none: its header names the organisations it works for instead.
 */
function OrganizationName() {
  const { t, i18n } = useTranslation('common');
  const { organization, profile, accountStatus } = useAuth();
  if (accountStatus === 'loading' || accountStatus === 'idle') {
    return <Skeleton className="h-5 w-36" aria-label={t('organization.loading')} />;
  }
  if (profile?.kind === 'vendor') return <VendorOrganizationNames userId={profile.user_id} />;
  const name = organization ? localized(i18n.language, organization.name, organization.name_ar) : null;
  return <HeaderName>{name ?? t('organization.unknown')}</HeaderName>;
}

/** "Nuzl Demo Stays" or "Nuzl Demo Stays · Second Homes" (the app's list separator), in the reader's language. */
function VendorOrganizationNames({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('common');
  const query = useVendorOrganizations(userId);
  if (query.isPending) return <Skeleton className="h-5 w-36" aria-label={t('organization.loading')} />;
  if (query.isError) return <HeaderName>{t('organization.unknown')}</HeaderName>;
  const names = query.data.map((org) => localized(i18n.language, org.name, org.name_ar));
  return <HeaderName>{names.length > 0 ? names.join(' · ') : t('organization.vendor_none')}</HeaderName>;
}

function HeaderName({ children }: { children: string }) {
  return (
    <span className="truncate font-semibold text-stone-900" data-testid="organization-name">
      {children}
    </span>
  );
}

function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.dashboard.root.getHref()}
      className="flex h-16 items-center gap-2 px-6 text-lg font-bold text-primary-800"
    >
      <span
        aria-hidden="true"
        lang="ar"
        className="flex size-8 items-center justify-center rounded-lg bg-primary-700 text-white"
      >
        ن
      </span>
      {t('app_name')}
    </Link>
  );
}

/** Sidebar on wide screens, a drawer on phones; header with organisation, language and user. */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isVendor = useAuth().profile?.kind === 'vendor';
  return (
    <div className="min-h-dvh bg-stone-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skip_to_content')}
      </a>
      <aside className="fixed inset-y-0 start-0 hidden w-64 flex-col border-e border-stone-200 bg-white lg:flex">
        <Brand />
        <div className="flex-1 overflow-y-auto">
          <DashboardNav />
        </div>
      </aside>
      <div className="lg:ps-64">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-stone-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('nav.open_menu')}>
                <Menu aria-hidden="true" className="size-5!" />
              </Button>
            </SheetTrigger>
            <SheetContent side="start" closeLabel={t('nav.close_menu')} aria-describedby={undefined}>
              <SheetTitle className="sr-only">{t('nav.label')}</SheetTitle>
              <Brand />
              <div className="flex-1 overflow-y-auto">
                <DashboardNav onNavigate={() => setDrawerOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>
          <div className="min-w-0 flex-1">
            <OrganizationName />
          </div>
          <NotificationBellSlot />
          <LanguageSwitch />
          <UserMenu />
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
          {/* Account problems (SPEC §8) and the onboarding wizard (SPEC §2). */}
          {/* Vendor users have no organisation to set up: they see only their assigned tasks. */}
          {isVendor ? null : <OnboardingGate />}
          <Suspense fallback={<Spinner label={t('loading')} className="py-12" />}>
            <VendorScope>
              <RequireSectionPermission>
                <Outlet />
              </RequireSectionPermission>
            </VendorScope>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
