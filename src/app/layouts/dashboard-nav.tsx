import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { InboxNavBadge } from '@/features/inbox';
import { useAuth, usePermissions } from '@/lib/auth';
import { navigationFor } from './nav-items';

/** How many placeholder rows stand in for the sections while the role is loading. */
const PLACEHOLDER_ROWS = [5, 4, 3] as const;

export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const kind = useAuth().profile?.kind;
  const permissions = usePermissions();
  const navigation = navigationFor(kind, permissions);

  if (navigation.status === 'loading') {
    return (
      <nav
        aria-label={t('nav.label')}
        aria-busy="true"
        className="flex flex-col gap-6 px-3 py-4"
        data-testid="nav-loading"
      >
        <span className="sr-only">{t('nav.loading')}</span>
        {PLACEHOLDER_ROWS.map((rows, group) => (
          <div key={group} className="flex flex-col gap-2 px-3">
            <Skeleton className="h-3 w-16" />
            {Array.from({ length: rows }, (_, row) => (
              <Skeleton key={row} className="h-7 w-full" />
            ))}
          </div>
        ))}
      </nav>
    );
  }

  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-6 px-3 py-4">
      {navigation.groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-1">
          <h2
            id={`nav-group-${group.id}`}
            className="px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase"
          >
            {t(`nav.groups.${group.id}`)}
          </h2>
          <ul aria-labelledby={`nav-group-${group.id}`} className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.end}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600',
                      isActive && 'bg-primary-50 text-primary-800 hover:bg-primary-50',
                    )
                  }
                >
                  <item.icon aria-hidden="true" className="size-4 shrink-0" />
                  {t(`nav.${item.labelKey}`)}
                  {/* The guests' unread messages (issue 16), beside the link that opens them. */}
                  {item.labelKey === 'inbox' ? <InboxNavBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
