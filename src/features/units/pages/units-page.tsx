import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth, usePermissions } from '@/lib/auth';
import { DeleteUnitDialog } from '../components/delete-unit-dialog';
import { UnitDialog } from '../components/unit-dialog';
import { UnitsList } from '../components/units-list';
import { UnitsToolbar } from '../components/units-toolbar';
import { useUnitActions } from '../components/use-unit-actions';
import { useUnitsUrlState } from '../lib/use-unit-filters';

export function UnitsPage() {
  const { t } = useTranslation('units');
  const { organization } = useAuth();
  // Adding a unit needs units.write: a read-only role does not see the button (the database refuses it anyway).
  const canWrite = usePermissions().can('units.write');
  const url = useUnitsUrlState();
  const { handlers, deleteTarget, closeDelete } = useUnitActions(url.openUnit, canWrite);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canWrite ? (
            <Button onClick={url.openNew}>
              <Plus aria-hidden="true" />
              {t('actions.add')}
            </Button>
          ) : null
        }
      />
      {organization ? (
        <>
          <UnitsToolbar
            filters={url.filters}
            view={url.view}
            onFiltersChange={url.setFilters}
            onViewChange={url.setView}
          />
          <UnitsList
            organizationId={organization.id}
            filters={url.filters}
            view={url.view}
            actions={handlers}
            onPageChange={url.setPage}
            onAdd={canWrite ? url.openNew : undefined}
            onClearFilters={() => url.setFilters({ search: '', type: 'all', status: 'all', licence: 'all' })}
          />
        </>
      ) : (
        <EmptyState title={t('common:errors.organization_required')} />
      )}
      {url.editing ? (
        <UnitDialog
          editing={url.editing}
          tab={url.tab}
          onTabChange={url.setTab}
          onCreated={(unit) => url.openUnit(unit.id, 'photos')}
          onClose={url.closeEditor}
          readOnly={!canWrite}
        />
      ) : null}
      <DeleteUnitDialog target={deleteTarget} onClose={closeDelete} />
    </>
  );
}
