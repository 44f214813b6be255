import {
  BarChart3,
  BedDouble,
  CalendarDays,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  MessagesSquare,
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
 * left empty goes too. `null` (no role to follow) keeps them all; navigationFor decides when.
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
      section('inbox', MessagesSquare),
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

/** What the navigation can show right now: placeholders until the account and its role are known. */
export type NavigationState = { status: 'loading' } | { status: 'ready'; groups: NavGroup[] };

const overviewOnly: NavGroup[] = [{ id: 'main', items: [navGroups[0]!.items[0]!] }];

/**
 * The navigation for an account (issue 14): nothing but placeholders while the profile or a staff
 * member's permissions are still loading, so no section flashes up that the role then takes
 * away; a vendor's own tasks; a staff member's readable sections. If the permissions cannot be
 * read (after the query's retries) only the overview stays: a link is never shown on a guess.
 * Other kinds of account (the platform administrator) keep the whole list, which their own
 * guards answer.
 */
export function navigationFor(
  kind: string | undefined,
  permissions: { status: 'pending' | 'error' | 'success'; can: (key: string) => boolean },
): NavigationState {
  if (kind === undefined) return { status: 'loading' };
  if (kind === 'vendor') return { status: 'ready', groups: vendorNavGroups };
  if (kind !== 'staff') return { status: 'ready', groups: navGroups };
  if (permissions.status === 'pending') return { status: 'loading' };
  if (permissions.status === 'error') return { status: 'ready', groups: overviewOnly };
  return { status: 'ready', groups: visibleNavGroups(navGroups, permissions.can) };
}
