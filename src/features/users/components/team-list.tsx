import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ListPagination } from '@/components/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/errors';
import { useResendInvitation } from '../api/resend-invitation';
import type { TeamPage, TeamRow } from '../schemas';
import { TEAM_PAGE_SIZE } from '../schemas';
import type { RowAction } from '../lib/team-row';
import { ConfirmRowAction, type ConfirmedAction } from './confirm-row-action';
import { TeamCards } from './team-cards';
import { TeamTable } from './team-table';

export interface TeamListProps {
  query: {
    data?: TeamPage;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  page: number;
  filtered: boolean;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}

/** The list's states, and the table (wide screens) or cards (phones) with their actions. */
export function TeamList({ query, page, filtered, onPageChange, onClearFilters }: TeamListProps) {
  const { t } = useTranslation('users');
  const resend = useResendInvitation();
  const [pending, setPending] = useState<{ action: ConfirmedAction; row: TeamRow } | null>(null);

  const handleAction = (action: RowAction, row: TeamRow) => {
    if (action === 'resend') {
      resend.mutate(row.id, { onSuccess: () => toast.success(t('toast.resent', { email: row.email ?? '' })) });
      return;
    }
    setPending({ action, row });
  };

  if (query.isPending) return <Skeleton className="h-64 w-full" aria-label={t('common:loading')} />;
  if (query.isError || !query.data) {
    return (
      <EmptyState
        title={t('list.error_title')}
        description={getErrorMessage(query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('common:actions.try_again')}</Button>}
      />
    );
  }
  const { rows, total } = query.data;
  return (
    <div aria-busy={query.isPlaceholderData}>
      {total === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('empty.title')}
          description={t('empty.description')}
          action={
            filtered ? (
              <Button variant="outline" onClick={onClearFilters}>
                {t('empty.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-600" data-testid="users-count">
            {t('list.count', { count: total })}
          </p>
          <TeamTable rows={rows} onAction={handleAction} />
          <TeamCards rows={rows} onAction={handleAction} />
          <ListPagination page={page} pageSize={TEAM_PAGE_SIZE} total={total} onPageChange={onPageChange} />
        </>
      )}
      <ConfirmRowAction pending={pending} onOpenChange={(open) => !open && setPending(null)} />
    </div>
  );
}
