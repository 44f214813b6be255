import { Building2, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/errors';
import { useUnits } from '../api/get-units';
import type { UnitsView } from '../lib/use-unit-filters';
import { UNITS_PAGE_SIZE, type UnitFilters } from '../schemas';
import type { UnitActionHandlers } from './unit-actions-menu';
import { UnitCard } from './unit-card';
import { UnitsTable } from './units-table';

interface Props {
  organizationId: string;
  filters: UnitFilters;
  view: UnitsView;
  actions: UnitActionHandlers;
  onPageChange: (page: number) => void;
  /** Absent for a role that may not add units: the empty list then offers no button. */
  onAdd?: () => void;
  onClearFilters: () => void;
}

export function UnitsList({ organizationId, filters, view, actions, onPageChange, onAdd, onClearFilters }: Props) {
  const { t } = useTranslation('units');
  const query = useUnits(organizationId, filters);
  const pageCount = query.data ? Math.ceil(query.data.total / UNITS_PAGE_SIZE) : 0;
  // Past the last page (an old link, or the last unit of a page was deleted): go to the last one.
  useEffect(() => {
    if (!query.isPlaceholderData && pageCount > 0 && filters.page > pageCount) onPageChange(pageCount);
  }, [query.isPlaceholderData, pageCount, filters.page, onPageChange]);

  if (query.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-64" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title={t('list.error_title')}
        description={getErrorMessage(query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('common:actions.try_again')}</Button>}
      />
    );
  }
  const { units, total } = query.data;
  const filtered =
    filters.search !== '' || filters.type !== 'all' || filters.status !== 'all' || (filters.licence ?? 'all') !== 'all';
  if (total === 0) {
    return filtered ? (
      <EmptyState
        icon={SearchX}
        title={t('list.no_results_title')}
        description={t('list.no_results_description')}
        action={
          <Button variant="outline" onClick={onClearFilters}>
            {t('filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Building2}
        title={t('list.empty_title')}
        description={t('list.empty_description')}
        action={onAdd ? <Button onClick={onAdd}>{t('actions.add')}</Button> : undefined}
      />
    );
  }
  return (
    <div aria-busy={query.isPlaceholderData}>
      <p className="mb-3 text-sm text-stone-600" data-testid="units-count">
        {t('list.count', { count: total })}
      </p>
      {view === 'table' ? (
        <UnitsTable units={units} actions={actions} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {units.map((unit) => (
            <UnitCard key={unit.id} unit={unit} actions={actions} />
          ))}
        </div>
      )}
      {/* Past the end the effect above steps back; until then the pager shows the last page. */}
      <ListPagination
        page={Math.min(filters.page, pageCount)}
        pageSize={UNITS_PAGE_SIZE}
        total={total}
        onPageChange={onPageChange}
      />
    </div>
  );
}
