import { Cable, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionDenied } from '@/components/permission-denied';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, usePermissions } from '@/lib/auth';
import { useOtaConnections, type OtaConnection } from '../api/ota-connection-get-all';
import { OtaConnectionDialog } from './ota-connections/ota-connection-dialog';
import { OtaConnectionsList } from './ota-connections/ota-connections-list';

/**
 * Settings → OTA connections (issue 15): every connection of the organisation — platform, name,
 * which unit the listing is, the listing id, the derived status with what it means, whether API
 * credentials are stored, the last sync and its error. channels.write adds, edits, disconnects
 * and deletes; channels.read only reads; without it the shared "Permission denied".
 */
export function OtaConnectionsTab() {
  const { status, can } = usePermissions();
  const { organization } = useAuth();
  if (status === 'pending') return <Skeleton className="h-24 w-full" />;
  if (!can('channels.read') || !organization) return <PermissionDenied titleAs="h2" />;
  return <OtaConnections organizationId={organization.id} writable={can('channels.write')} />;
}

function OtaConnections({ organizationId, writable }: { organizationId: string; writable: boolean }) {
  const { t } = useTranslation('channels');
  const connections = useOtaConnections(organizationId);
  const [editing, setEditing] = useState<{ connection: OtaConnection | null } | null>(null);

  const addButton = writable ? (
    <Button type="button" onClick={() => setEditing({ connection: null })} data-testid="ota-connection-add">
      <Plus aria-hidden="true" />
      {t('ota.add')}
    </Button>
  ) : null;

  let body;
  if (connections.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (connections.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {t('ota.error')}
      </p>
    );
  else if (connections.data.length === 0)
    body = (
      <EmptyState
        icon={Cable}
        titleAs="h3"
        title={t('ota.empty_title')}
        description={t('ota.empty_description')}
        action={addButton}
        data-testid="ota-connections-empty"
      />
    );
  else
    body = (
      <OtaConnectionsList
        connections={connections.data}
        writable={writable}
        onEdit={(connection) => setEditing({ connection })}
      />
    );

  return (
    <section className="grid gap-4" data-testid="ota-connections">
      <div className="flex flex-wrap items-start gap-3">
        <p className="max-w-3xl flex-1 text-sm text-stone-600">{t('ota.intro')}</p>
        {connections.data && connections.data.length > 0 ? addButton : null}
      </div>
      {writable ? null : (
        <p role="note" className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">
          {t('ota.read_only')}
        </p>
      )}
      {body}
      {writable && editing ? (
        <OtaConnectionDialog
          key={editing.connection?.id ?? 'new'}
          organizationId={organizationId}
          open
          connection={editing.connection}
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      ) : null}
    </section>
  );
}
