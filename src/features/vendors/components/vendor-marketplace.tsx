import { ChevronLeft, ChevronRight, Plus, Store } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useVendorPermissions } from '../api/get-vendor-permissions';
import { useVendors } from '../api/get-vendors';
import { parseVendorFilters, VENDORS_PAGE_SIZE, type VendorFilters as Filters } from '../schemas';
import { VendorCard } from './vendor-card';
import { VendorFilters } from './vendor-filters';
import { VendorFormDialog } from './vendor-form-dialog';

/** The marketplace: search and filters in the URL, server-side pages, actions by permission. */
export function VendorMarketplace({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation('vendors');
  const [params, setParams] = useSearchParams();
  const filters = parseVendorFilters(params);
  const vendors = useVendors(organizationId, filters);
  const permissions = useVendorPermissions(userId);
  const [creating, setCreating] = useState(false);
  const [resets, setResets] = useState(0);
  const pages = Math.max(1, Math.ceil((vendors.data?.total ?? 0) / VENDORS_PAGE_SIZE));

  const handleChange = useCallback(
    (patch: Partial<Filters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || value === 'all') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

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
      <VendorFilters
        key={resets}
        filters={filters}
        onChange={handleChange}
        onReset={() => {
          setParams(new URLSearchParams(), { replace: true });
          setResets((count) => count + 1);
        }}
      />
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
          {pages > 1 ? (
            <nav className="flex items-center justify-end gap-2" aria-label={t('title')}>
              <Button
                variant="outline"
                size="icon"
                disabled={filters.page <= 1}
                onClick={() => handleChange({ page: filters.page - 1 })}
                aria-label={t('actions.previous')}
              >
                <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
              </Button>
              <span className="text-sm text-stone-600">{t('list.page', { page: filters.page, pages })}</span>
              <Button
                variant="outline"
                size="icon"
                disabled={filters.page >= pages}
                onClick={() => handleChange({ page: filters.page + 1 })}
                aria-label={t('actions.next')}
              >
                <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
              </Button>
            </nav>
          ) : null}
        </div>
      )}
      <VendorFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
