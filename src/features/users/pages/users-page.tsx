import { ShieldX, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PermissionDenied } from '@/components/permission-denied';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useTeamMembers } from '../api/get-team-members';
import { useUserPermissions } from '../api/get-user-permissions';
import { InviteDialog } from '../components/invite-dialog';
import { SeatsNotice } from '../components/seats-notice';
import { TeamList } from '../components/team-list';
import { UsersToolbar } from '../components/users-toolbar';
import { seatsFull } from '../lib/team-row';
import { useTeamListParams } from '../lib/use-team-list-params';

/**
 * SPEC §2 Users: the organisation's people and pending invitations, searched and filtered; invite
 * by e-mail; resend or cancel invitations; deactivate and reactivate. Only for holders of
 * users.manage (my_permissions): anyone else reads "Permission denied. Contact administrator."
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const permissions = useUserPermissions();
  const canManage = permissions.data?.canManage === true;
  const { params, inviting, set, resetFilters } = useTeamListParams();
  const team = useTeamMembers(params, { enabled: canManage });
  const full = seatsFull(team.data?.seats);

  const header = (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        canManage ? (
          <div className="flex flex-col items-end gap-1">
            <Button
              onClick={() => set({ inviting: true }, { history: 'push' })}
              disabled={full}
              aria-describedby={full ? 'invite-disabled-reason' : undefined}
              data-testid="invite-user"
            >
              <UserPlus aria-hidden="true" />
              {t('actions.invite')}
            </Button>
            {full ? (
              <span id="invite-disabled-reason" className="text-xs text-stone-600">
                {t('reasons.seats_full')}
              </span>
            ) : null}
          </div>
        ) : null
      }
    />
  );

  if (permissions.isPending) {
    return (
      <>
        {header}
        <Spinner label={t('common:loading')} className="py-12" />
      </>
    );
  }
  if (permissions.isError) {
    return (
      <>
        {header}
        <EmptyState icon={ShieldX} title={getErrorMessage(permissions.error)} data-testid="users-permission-denied" />
      </>
    );
  }
  if (!canManage) {
    return (
      <>
        {header}
        <PermissionDenied titleAs="h2" description={t('denied.description')} data-testid="users-permission-denied" />
      </>
    );
  }
  return (
    <>
      {header}
      {team.data ? <SeatsNotice seats={team.data.seats} /> : null}
      <UsersToolbar
        search={params.search}
        status={params.status}
        onSearch={(search) => set({ search })}
        onStatus={(status) => set({ status })}
      />
      <TeamList
        query={team}
        page={params.page}
        filtered={params.search !== '' || params.status !== 'all'}
        onPageChange={(page) => set({ page })}
        onClearFilters={() => resetFilters()}
      />
      <InviteDialog open={inviting && !full} onOpenChange={(open) => !open && set({ inviting: false })} />
    </>
  );
}
