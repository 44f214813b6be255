import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useOrganizations } from '../api/get-organizations';
import { useConsoleUrl } from '../lib/console-url';
import { ORGANIZATIONS_PAGE_SIZE } from '../schemas';
import { OrganizationsList } from './organizations-list';
import { OrganizationsToolbar } from './organizations-toolbar';
import { Pager } from './pager';

/** Every organisation of the platform: searched, sorted and paged on the server. */
export function OrganizationsPanel() {
  const { t } = useTranslation('super-admin');
  const { values, set } = useConsoleUrl();
  const params = { search: values.q, sort: values.sort, direction: values.dir, page: values.page };
  const organizations = useOrganizations(params);
  return (
    <section aria-label={t('tabs.organizations')}>
      <OrganizationsToolbar
        search={values.q}
        sort={values.sort}
        direction={values.dir}
        onSearch={(q) => set({ q })}
        onSort={(sort) => set({ sort })}
        onDirection={(dir) => set({ dir })}
      />
      {organizations.isPending ? (
        <Spinner label={t('common:loading')} className="py-12" />
      ) : organizations.isError ? (
        <EmptyState title={getErrorMessage(organizations.error)} data-testid="organizations-error" />
      ) : organizations.data.rows.length === 0 ? (
        <EmptyState icon={Building2} title={t('organizations.empty')} data-testid="organizations-empty" />
      ) : (
        <>
          <p className="mb-2 text-sm text-stone-600" data-testid="organizations-total">
            {t('organizations.total', { count: organizations.data.total })}
          </p>
          <OrganizationsList rows={organizations.data.rows} onOpen={(org) => set({ org }, { history: 'push' })} />
          <Pager
            page={values.page}
            pageSize={ORGANIZATIONS_PAGE_SIZE}
            total={organizations.data.total}
            onPage={(page) => set({ page })}
            testId="organizations-pager"
          />
        </>
      )}
    </section>
  );
}
