import {
  BarChart3,
  BedDouble,
  CalendarDays,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  Settings,
  Store,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths, type DashboardSection } from '@/config/paths';
import { canOpenSection } from '../guards/section-permissions';

export interface NavItem {
  /** Key under `common:nav`. */
  labelKey: 'overview' | DashboardSection;
  href: string;
  icon: LucideIcon;
  /** Only the overview must match exactly; sections stay active on their sub-pages. */
  end?: boolean;
}

/**
 * The groups a staff member sees: sections their role cannot read are left out, and a group
 * left empty goes too. Until the permissions are known (or if they fail to load) all stay.
 */
export function visibleNavGroups(groups: NavGroup[], can: ((key: string) => boolean) | null): NavGroup[] {
  if (can === null) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => item.labelKey === 'overview' || canOpenSection(item.labelKey, can)),
    }))
    .filter((group) => group.items.length > 0);
}

export interface NavGroup {
  id: 'main' | 'operations' | 'system';
  items: NavItem[];
}

const section = (labelKey: DashboardSection, icon: LucideIcon): NavItem => ({
  labelKey,
  href: paths.dashboard.section(labelKey),
  icon,
});

/** SPEC §2: the dashboard's navigation groups main, operations and system. */
export const navGroups: NavGroup[] = [
  {
    id: 'main',
    items: [
      { labelKey: 'overview', href: paths.dashboard.root.getHref(), icon: LayoutDashboard, end: true },
      section('bookings', CalendarDays),
      section('units', BedDouble),
      section('clients', Users),
    ],
  },
  {
    id: 'operations',
    items: [
      section('payments', Wallet),
      section('tasks', ClipboardList),
      section('vendors', Store),
      section('reports', BarChart3),
    ],
  },
  {
    id: 'system',
    items: [section('users', UserCog), section('access', KeyRound), section('settings', Settings)],
  },
];

/** A vendor user's whole navigation: its assigned tasks (issue 7). */
export const vendorNavGroups: NavGroup[] = [{ id: 'main', items: [section('tasks', ClipboardList)] }];
