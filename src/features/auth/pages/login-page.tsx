import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { getSafeRedirect, paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Where to go after sign-in: `?redirect=`, else the guard's router state, else the dashboard. */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  return (
    getSafeRedirect(searchParams.get('redirect')) ??
    getSafeRedirect(typeof fromState === 'string' ? fromState : null) ??
    paths.dashboard.root.getHref()
  );
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const target = useRedirectTarget();

  // Signed in (now, or in another tab): go back where the guard sent us from.
  if (session.status === 'signed_in') {
    return (
      <>
        <Spinner label={t('login.signed_in')} className="m-auto py-12" />
        <Navigate to={target} replace />
      </>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
      <PageHeader title={t('login.title')} description={t('login.description')} />
      <NotReadyState />
    </div>
  );
}
