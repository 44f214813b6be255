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
  const { profile, accountStatus } = useAuth();
  const staff = profile?.kind === 'staff';
  const { status, can } = usePermissions();
  const section = sectionOfPath(useLocation().pathname);
  if (section === null) return children;
  // Until the account is known, nobody is known to be staff: rendering the screen then would
  // mount it, unmount it for the spinner once the profile says staff, and mount it again —
  // losing whatever was typed meanwhile (a flaky e2e caught an API key name cleared that way).
  const accountKnown = accountStatus !== 'idle' && accountStatus !== 'loading';
  if (!accountKnown || (staff && status === 'pending')) return <Spinner label={t('loading')} className="py-12" />;
  if (!staff) return children;
  if (status === 'success' && !canOpenSection(section, can)) return <PermissionDenied />;
  return children;
}
