import { Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useVendorPermissions } from '../api/get-vendor-permissions';
import { useVendors } from '../api/get-vendors';
import { useVendorFilters } from '../lib/use-vendor-filters';
import { VENDORS_PAGE_SIZE } from '../schemas';
import { VendorCard } from './vendor-card';
import { VendorFilters } from './vendor-filters';
import { VendorFormDialog } from './vendor-form-dialog';

/** The marketplace: search and filters in the URL, server-side pages, actions by permission. */
export function VendorMarketplace({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation('vendors');
  const { filters, set, resetFilters } = useVendorFilters();
  const vendors = useVendors(organizationId, filters);
  const permissions = useVendorPermissions(userId);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          permissions.data?.canWrite ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
      <VendorFilters filters={filters} onChange={set} onReset={() => resetFilters()} />
      {vendors.isPending ? (
        <Spinner label={t('title')} className="py-12" />
      ) : vendors.isError ? (
        <EmptyState icon={Store} title={t('errors.load_failed')} description={getErrorMessage(vendors.error)} />
      ) : vendors.data.total === 0 ? (
        <EmptyState icon={Store} title={t('list.empty_title')} description={t('list.empty_description')} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-stone-600">{t('list.count', { count: vendors.data.total })}</p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {vendors.data.vendors.map((vendor) => (
              <VendorCard
                key={vendor.id}
                vendor={vendor}
                organizationId={organizationId}
                canVerify={permissions.data?.isAdmin ?? false}
                canManage={permissions.data?.canWrite ?? false}
              />
            ))}
          </div>
          <ListPagination
            page={filters.page}
            pageSize={VENDORS_PAGE_SIZE}
            total={vendors.data.total}
            onPageChange={(page) => set({ page })}
          />
        </div>
      )}
      <VendorFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
