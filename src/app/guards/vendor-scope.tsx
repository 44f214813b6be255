import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * A vendor user (profile kind 'vendor') works only on the tasks assigned to it: every other
 * dashboard address takes it to /dashboard/tasks, which shows its own view. The database
 * refuses the rest of the organisation to it anyway; this keeps the screens honest.
 */
export function VendorScope({ children }: { children: ReactNode }) {
  const { profile } = useAuth();
  const location = useLocation();
  const tasks = paths.dashboard.section('tasks');
  if (profile?.kind === 'vendor' && location.pathname !== tasks) return <Navigate to={tasks} replace />;
  return children;
}
