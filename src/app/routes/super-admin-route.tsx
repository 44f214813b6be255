import type { User } from '@supabase/supabase-js';
import { NotFoundPage } from '@/features/not-found/pages/not-found-page';
import { SuperAdminPage } from '@/features/super-admin/pages/super-admin-page';
import { useAuth } from '@/lib/auth';

/** The super-administrator claim: app_metadata.role, which only the service role can write. */
export function isSuperAdmin(user: User | null): boolean {
  return user?.app_metadata?.role === 'super_admin';
}

/**
 * /super-admin (issue 14): the console for the super administrator, "Page not found" for anyone
 * else signed in (RequireSession sends signed-out visitors to the login first). The database
 * refuses every console function to them as well (404 not_found).
 */
export function SuperAdminRoute() {
  const { user } = useAuth();
  return isSuperAdmin(user) ? <SuperAdminPage /> : <NotFoundPage />;
}
