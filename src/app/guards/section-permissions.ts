import { dashboardSections, type DashboardSection } from '@/config/paths';

/**
 * Which permission opens each dashboard section (any one of them): the navigation hides the
 * others and a direct URL says "Permission denied". `null`: every staff member (settings holds
 * their own profile, password and MFA).
 */
export const sectionPermissions: Readonly<Record<DashboardSection, readonly string[] | null>> = {
  bookings: ['bookings.read'],
  units: ['units.read'],
  clients: ['clients.read'],
  inbox: ['messages.read'],
  payments: ['invoices.read', 'payments.read'],
  tasks: ['tasks.read'],
  vendors: ['vendors.read'],
  reports: ['reports.view'],
  users: ['users.manage'],
  access: ['roles.manage'],
  settings: null,
};

export function canOpenSection(section: DashboardSection, can: (key: string) => boolean): boolean {
  const needed = sectionPermissions[section];
  return needed === null || needed.some(can);
}

/** `/dashboard/payments/invoices/1` → 'payments'; the overview and unknown paths → null. */
export function sectionOfPath(pathname: string): DashboardSection | null {
  const segment = /^\/dashboard\/([^/]+)/.exec(pathname)?.[1];
  return (dashboardSections as readonly string[]).includes(segment ?? '') ? (segment as DashboardSection) : null;
}
