import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PermissionDenied } from '@/components/permission-denied';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useAccessOverview } from '../api/get-access-overview';
import { RoleList } from '../components/role-list';
import { adminCount, groupByModule } from '../lib/role-matrix';

/**
 * SPEC §2 Access: built-in and custom roles with their permissions by module and action, how many
 * people hold each and how many administrators there are; create, edit and delete custom roles;
 * assign and revoke. Only for roles.manage holders; the database refuses anything beyond what the
 * caller holds.
 */
export function AccessPage() {
  const { t } = useTranslation('access');
  const { status, error, can } = usePermissions();
  const allowed = status === 'success' && can('roles.manage');
  const overview = useAccessOverview({ enabled: allowed });
  const [creating, setCreating] = useState(false);
  const modules = useMemo(() => groupByModule(overview.data?.permissions ?? []), [overview.data]);

  const header = (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        allowed ? (
          <Button onClick={() => setCreating(true)} disabled={!overview.data} data-testid="create-role">
            <Plus aria-hidden="true" />
            {t('actions.create_role')}
          </Button>
        ) : null
      }
    />
  );

  if (status === 'pending' || (allowed && overview.isPending)) {
    return (
      <>
        {header}
        <Spinner label={t('common:loading')} className="py-12" />
      </>
    );
  }
  if (status === 'error' || overview.isError) {
    return (
      <>
        {header}
        <EmptyState title={getErrorMessage(error ?? overview.error)} />
      </>
    );
  }
  if (!allowed) {
    return (
      <>
        {header}
        <PermissionDenied titleAs="h2" data-testid="access-permission-denied" />
      </>
    );
  }
  const data = overview.data;
  if (!data) return header;
  return (
    <>
      {header}
      <p className="mb-4 text-sm text-stone-700" data-testid="access-summary">
        {t('summary.roles', { count: data.roles.length })} ·{' '}
        {t('summary.admins', { count: adminCount(data.roles, data.assignments, data.members) })}
      </p>
      <RoleList data={data} modules={modules} can={can} creating={creating} onCreatingChange={setCreating} />
    </>
  );
}
