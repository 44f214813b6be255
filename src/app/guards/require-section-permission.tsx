import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PermissionDenied } from '@/components/permission-denied';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, usePermissions } from '@/lib/auth';
import { canOpenSection, sectionOfPath } from './section-permissions';

/**
 * A staff member whose role cannot read the section at the current address (a bookmark, a
 * typed URL) reads "Permission denied. Contact administrator." instead of the screen. If the
 * permissions cannot be loaded the screen renders and shows the database's own answers.
 */
export function RequireSectionPermission({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const staff = auth.profile?.kind === 'staff';
  const { status, can } = usePermissions();
  const section = sectionOfPath(useLocation().pathname);
  // Until the profile says who this is, wait too: rendering the screen first and swapping it for
  // the spinner once a staff profile arrives (permissions pending) would unmount it, and lose
  // what it held — e.g. a new API key shown once (the api-keys e2e flake).
  if (section !== null && auth.accountStatus === 'loading') return <Spinner label={t('loading')} className="py-12" />;
  if (!staff || section === null) return children;
  if (status === 'pending') return <Spinner label={t('loading')} className="py-12" />;
  if (status === 'success' && !canOpenSection(section, can)) return <PermissionDenied />;
  return children;
}
