import {
  BarChart3,
  Building2,
  CalendarPlus,
  ClipboardList,
  Receipt,
  UserPlus,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * Bookings, clients and units open their create dialog through `?new=1`; tasks and maintenance
 * open the task form. Invoices and reports lead to their screens, which say plainly that they are
 * not built yet (payments and reports come with a later issue).
 */
export const QUICK_ACTIONS: { key: string; icon: LucideIcon; href: string }[] = [
  { key: 'new_booking', icon: CalendarPlus, href: `${paths.dashboard.section('bookings')}?new=1` },
  { key: 'new_client', icon: UserPlus, href: `${paths.dashboard.section('clients')}?new=1` },
  { key: 'new_unit', icon: Building2, href: `${paths.dashboard.section('units')}?new=1` },
  { key: 'new_task', icon: ClipboardList, href: `${paths.dashboard.section('tasks')}?new=1` },
  { key: 'new_invoice', icon: Receipt, href: `${paths.dashboard.section('payments')}?section=invoices&new=invoice` },
  { key: 'schedule_maintenance', icon: Wrench, href: `${paths.dashboard.section('tasks')}?new=1&type=maintenance` },
  { key: 'generate_report', icon: BarChart3, href: paths.dashboard.section('reports') },
];

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t('quick_actions.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
          {QUICK_ACTIONS.map(({ key, icon: Icon, href }) => (
            <li key={key}>
              <Link
                to={href}
                className="flex h-full flex-col items-center gap-2 rounded-lg border border-stone-200 p-3 text-center text-sm font-medium text-stone-800 hover:border-primary-600 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <Icon aria-hidden="true" className="size-5 text-primary-700" />
                {t(`quick_actions.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
