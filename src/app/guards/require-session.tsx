import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { needsMfa } from '@/lib/auth';
import { useSession } from '@/lib/session';

/**
 * Dashboard routes need a session. Without one we go to /login and carry the wanted location
 * twice: in `?redirect=` (survives a reload or a magic link) and in router state (`from`).
 */
export function RequireSession() {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={t('auth_guard.checking')} />
      </div>
    );
  }
  // Signed out, or signed in with the phone code only while a verified second factor exists
  // (SPEC §4: aal2): the login screen asks for what is missing.
  if (session.status === 'signed_out' || needsMfa(session.session)) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref(from)} replace state={{ from }} />;
  }
  return <Outlet />;
}
