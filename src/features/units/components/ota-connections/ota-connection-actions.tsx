import { Pencil, PlugZap, Trash2, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteOtaConnection } from '../../api/ota-connection-delete';
import type { OtaConnection } from '../../api/ota-connection-get-all';
import { useSetOtaConnectionDisconnected } from '../../api/ota-connection-set-disconnected';

/** Edit, disconnect / reconnect and delete of one connection (channels.write only). */
export function OtaConnectionActions({
  connection,
  onEdit,
}: {
  connection: OtaConnection;
  onEdit: (connection: OtaConnection) => void;
}) {
  const { t } = useTranslation('channels');
  const [confirm, setConfirm] = useState<'disconnect' | 'delete' | null>(null);
  const setDisconnected = useSetOtaConnectionDisconnected();
  const remove = useDeleteOtaConnection();
  const disconnected = connection.status === 'disconnected';
  const name = connection.connection_name;

  const changeStatus = (next: boolean) =>
    setDisconnected.mutate(
      { id: connection.id, disconnected: next },
      { onSuccess: () => toast.success(t(next ? 'ota.disconnected_toast' : 'ota.reconnected_toast')) },
    );

  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={t('ota.actions.menu', { name })}>
      <Button type="button" variant="outline" size="sm" onClick={() => onEdit(connection)}>
        <Pencil aria-hidden="true" />
        {t('ota.actions.edit')}
      </Button>
      {disconnected ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={setDisconnected.isPending}
          onClick={() => changeStatus(false)}
        >
          <PlugZap aria-hidden="true" />
          {t('ota.actions.reconnect')}
        </Button>
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={setDisconnected.isPending}
          onClick={() => setConfirm('disconnect')}
        >
          <Unplug aria-hidden="true" />
          {t('ota.actions.disconnect')}
        </Button>
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-red-800"
        disabled={remove.isPending}
        onClick={() => setConfirm('delete')}
      >
        <Trash2 aria-hidden="true" />
        {t('ota.actions.delete')}
      </Button>

      <ConfirmDialog
        open={confirm === 'disconnect'}
        onOpenChange={(open) => setConfirm(open ? 'disconnect' : null)}
        title={t('ota.disconnect_title', { name })}
        description={t('ota.disconnect_description')}
        confirmLabel={t('ota.disconnect_confirm')}
        onConfirm={() => {
          setConfirm(null);
          changeStatus(true);
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t('ota.delete_title', { name })}
        description={t('ota.delete_description')}
        confirmLabel={t('ota.delete_confirm')}
        destructive
        onConfirm={() => {
          setConfirm(null);
          remove.mutate(connection.id, { onSuccess: () => toast.success(t('ota.deleted_toast')) });
        }}
      />
    </div>
  );
}
