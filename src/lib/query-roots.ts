import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key, one per feature (each feature's `keys.ts` builds on its
 * root as `all`). Features may not import each other, so this is where one feature finds what
 * to refresh in another: never a string literal of another feature's key.
 */
export const queryRoots = {
  access: ['access'],
  alerts: ['alerts'],
  auth: ['auth'],
  automation: ['automation'],
  bookings: ['bookings'],
  clients: ['clients'],
  dashboard: ['dashboard'],
  health: ['health'],
  inbox: ['inbox'],
  invoices: ['invoices'],
  onboarding: ['onboarding'],
  payments: ['payments'],
  publicSite: ['public-site'],
  reports: ['reports'],
  reviews: ['reviews'],
  settings: ['settings'],
  superAdmin: ['super-admin'],
  tasks: ['tasks'],
  units: ['units'],
  users: ['users'],
  vendors: ['vendors'],
} as const satisfies Record<string, readonly [string]>;

export type QueryRoot = keyof typeof queryRoots;

/** The kinds of rows the app writes. */
export type WrittenRows =
  'bookings' | 'clients' | 'units' | 'tasks' | 'vendors' | 'invoices' | 'payments' | 'settings' | 'reviews';

/**
 * For each kind of row, every feature whose screens show it (or show something the database
 * derives from it): a write refreshes all of them, not only the feature that made it.
 */
export const SHOWN_BY: Readonly<Record<WrittenRows, readonly QueryRoot[]>> = {
  // The list and calendar; the overview's arrivals, in-house and recent bookings; a unit's month;
  // a client's stays; the stays a task can relate to; the onboarding step's bookings.
  // The reports' figures and the alerts watching them (occupancy); the automation runs a booking's
  // events start (issue 17).
  bookings: ['bookings', 'dashboard', 'units', 'clients', 'tasks', 'onboarding', 'reports', 'alerts', 'automation'],
  // The clients list; guest names on bookings and the guest picker; the overview's counts.
  clients: ['clients', 'bookings', 'dashboard', 'onboarding'],
  // Units list and editor; calendar rows and the booking form's units; the overview's counts;
  // task filters and cards; the organisation's public page.
  // The reports (available nights, filters) and the licence alerts.
  units: ['units', 'bookings', 'dashboard', 'tasks', 'publicSite', 'onboarding', 'reports', 'alerts'],
  // Board, list and details; the overview's upcoming tasks; vendor ratings (a trigger keeps each
  // vendor's mean of its tasks' ratings).
  // A completed task starts the automation rules that wait for it.
  tasks: ['tasks', 'dashboard', 'vendors', 'automation'],
  // The marketplace; the task form's vendors and the vendor on task cards.
  vendors: ['vendors', 'tasks'],
  // The invoices list and page; payments history and reports (invoiced, outstanding, aging, VAT);
  // the overview's revenue and quick figures.
  // The reports' invoiced money, the receivables alerts, the invoice events' automation runs.
  invoices: ['invoices', 'payments', 'dashboard', 'reports', 'alerts', 'automation'],
  // Payments history and reports; the invoice they settle (balance, status, its page and the
  // list's totals); the overview's revenue.
  // The reports' collected money, the payment alerts, the payment-received automation runs.
  payments: ['payments', 'invoices', 'dashboard', 'reports', 'alerts', 'automation'],
  // The organisation's settings, its tax profile among them: the settings screens; the payments
  // page's tax-compliance section; the seller shown on invoices.
  settings: ['settings', 'payments', 'invoices'],
  // Settings → Public site's reviews list; the organisation's public page (published reviews and
  // their average rating).
  reviews: ['reviews', 'publicSite'],
};

/** The roots to refresh after writing these kinds of rows (each once). */
export function rootsShowing(written: readonly WrittenRows[]): QueryRoot[] {
  return [...new Set(written.flatMap((kind) => SHOWN_BY[kind]))];
}

/**
 * Marks every query showing the written rows stale; the ones on screen refetch now, the others
 * when next shown. Checking a booking out, for instance, writes a booking and (by trigger) a
 * cleaning task: `invalidateAfterWrite(queryClient, ['bookings', 'tasks'])`.
 */
export async function invalidateAfterWrite(queryClient: QueryClient, written: readonly WrittenRows[]): Promise<void> {
  await Promise.all(rootsShowing(written).map((root) => queryClient.invalidateQueries({ queryKey: queryRoots[root] })));
}
