import { Plus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/auth';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/errors';
import { useClients, type ClientRow } from '../api/get-clients';
import { ClientDetailsSheet } from '../components/client-details-sheet';
import { ClientFormDialog } from '../components/client-form-dialog';
import { ClientsTable } from '../components/clients-table';
import { ClientsToolbar } from '../components/clients-toolbar';
import { DeleteClientDialog } from '../components/delete-client-dialog';
import { ListPagination } from '@/components/list-pagination';
import { useClientListParams } from '../lib/use-client-list-params';
import { useClientsExport } from '../lib/use-clients-export';

export interface ClientsPageProps {
  /** Actions of other features in a client's details (the inbox's "Message"), composed in app/routes. */
  clientActions?: (client: ClientRow) => ReactNode;
}

export function ClientsPage({ clientActions }: ClientsPageProps = {}) {
  const { t } = useTranslation('clients');
  const { params, creating, set } = useClientListParams();
  // Adding a guest needs clients.write: a read-only role does not see the button.
  const canWrite = usePermissions().can('clients.write');
  const clients = useClients(params);
  const exporter = useClientsExport(params);
  const [editing, setEditing] = useState<ClientRow | null>(null);
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  const [viewing, setViewing] = useState<ClientRow | null>(null);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canWrite ? (
            <Button onClick={() => set({ creating: true })} data-testid="new-client">
              <Plus aria-hidden="true" />
              {t('actions.new')}
            </Button>
          ) : null
        }
      />
      <ClientsToolbar
        search={params.search}
        vipOnly={params.vipOnly}
        exporting={exporter.exporting}
        onSearch={(search) => set({ search })}
        onVipOnly={(vipOnly) => set({ vipOnly })}
        onExport={exporter.run}
      />
      {clients.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {clients.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          {getErrorMessage(clients.error)}
        </p>
      ) : null}
      {clients.data && clients.data.total === 0 ? (
        <EmptyState
          icon={Users}
          title={params.search || params.vipOnly ? t('empty.no_match') : t('empty.title')}
          description={t('empty.description')}
        />
      ) : null}
      {clients.data && clients.data.total > 0 ? (
        <>
          <ClientsTable
            rows={clients.data.rows}
            sort={params.sort}
            ascending={params.ascending}
            onSort={(sort) =>
              set({
                sort,
                // The same column flips the order; a new one starts A→Z for names, newest first otherwise.
                dir: (sort === params.sort ? !params.ascending : sort === 'name') ? 'asc' : 'desc',
              })
            }
            onOpen={setViewing}
            onEdit={canWrite ? setEditing : undefined}
            onDelete={canWrite ? setDeleting : undefined}
          />
          <ListPagination
            page={params.page}
            pageSize={params.pageSize}
            total={clients.data.total}
            onPageChange={(page) => set({ page })}
          />
        </>
      ) : null}
      <ClientFormDialog
        open={creating || editing !== null}
        client={editing}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          if (creating) set({ creating: false });
        }}
      />
      <DeleteClientDialog client={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <ClientDetailsSheet client={viewing} onOpenChange={(open) => !open && setViewing(null)} actions={clientActions} />
    </>
  );
}
