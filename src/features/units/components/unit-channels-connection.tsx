import { Copy, RefreshCw, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrganizationSettings, usePermissions } from '@/lib/auth';
import { formatDateTime, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { channelExportUrl, type ChannelConnection } from '../api/channel-get-connections';
import { useRotateChannelToken } from '../api/channel-rotate-token';
import { channelImportUrlSchema } from '../api/channel-schema';
import { ChannelSyncRefusal, useSyncChannelNow, type ChannelSyncAnswer } from '../api/channel-sync-now';
import { useUpdateChannelImportUrl } from '../api/channel-update-import-url';
import { UnitChannelsActivity } from './unit-channels-activity';

/** One channel connection: its import address, its export address (copy, rotate), "Sync now", the log. */
export function UnitChannelsConnection({ unitId, connection }: { unitId: string; connection: ChannelConnection }) {
  const { t } = useTranslation(['channels', 'units']);
  const { can } = usePermissions();
  const writable = can('channels.write') || can('units.write');
  const { timeZone } = useOrganizationSettings();
  const language = currentLanguage();
  const [importUrl, setImportUrl] = useState(connection.ical_import_url ?? '');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [syncResult, setSyncResult] = useState<ChannelSyncAnswer | null>(null);
  const [syncRefusal, setSyncRefusal] = useState<string | null>(null);
  const save = useUpdateChannelImportUrl(unitId, connection.id);
  const rotate = useRotateChannelToken(unitId);
  const sync = useSyncChannelNow();
  const exportUrl = channelExportUrl(connection.ical_export_token);
  const fieldId = `channel-${connection.id}`;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = channelImportUrlSchema.safeParse({ ical_import_url: importUrl });
    if (!parsed.success) {
      setUrlError(t(parsed.error.issues[0]!.message));
      return;
    }
    setUrlError(undefined);
    save.mutate(parsed.data);
  };

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(exportUrl);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  const onSync = () => {
    setSyncResult(null);
    setSyncRefusal(null);
    sync.mutate(connection.id, {
      onSuccess: setSyncResult,
      onError: (error) =>
        setSyncRefusal(error instanceof ChannelSyncRefusal ? t(`errors.${error.code}`) : t('errors.sync_failed')),
    });
  };

  const n = (value: number | undefined) => formatNumber(value ?? 0, language);
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 p-4" data-testid={`channel-${connection.platform}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-stone-900" dir="auto">
          {connection.connection_name}
        </h3>
        <Badge>{t(`units:channels.platforms.${connection.platform}`)}</Badge>
        <Badge variant="info">{t(`units:channels.statuses.${connection.status}`)}</Badge>
        <span className="ms-auto text-sm text-stone-600">
          {connection.last_synced_at
            ? t('units:channels.last_synced', {
                date: formatDateTime(connection.last_synced_at, language, timeZone),
              })
            : t('units:channels.never_synced')}
        </span>
      </div>
      {connection.last_error ? (
        <p role="status" className="text-sm text-red-800">
          {t('last_error', { error: connection.last_error })}
        </p>
      ) : null}

      <form onSubmit={onSave} className="flex flex-wrap items-end gap-2" noValidate>
        <Field label={t('import.label')} hint={t('import.hint')} error={urlError} className="min-w-64 flex-1">
          <Input
            id={`${fieldId}-import`}
            type="url"
            dir="ltr"
            value={importUrl}
            disabled={!writable}
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            onChange={(event) => setImportUrl(event.target.value)}
          />
        </Field>
        {writable ? (
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {t('import.save')}
          </Button>
        ) : null}
        {writable ? (
          <Button
            type="button"
            onClick={onSync}
            disabled={sync.isPending || !connection.ical_import_url}
            data-testid="channel-sync-now"
          >
            <RefreshCw aria-hidden="true" className={sync.isPending ? 'animate-spin' : undefined} />
            {sync.isPending ? t('sync.running') : t('sync.now')}
          </Button>
        ) : null}
      </form>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {t('import.saved')}
        </p>
      ) : null}
      {syncResult ? (
        <p role="status" className={syncResult.outcome === 'ok' ? 'text-sm text-emerald-800' : 'text-sm text-red-800'}>
          {syncResult.outcome === 'ok'
            ? t('sync.done', {
                created: n(syncResult.created),
                updated: n(syncResult.updated),
                cancelled: n(syncResult.cancelled),
                conflicts: n(syncResult.conflicts),
              })
            : t('sync.failed', { error: syncResult.error ?? '' })}
        </p>
      ) : null}
      {syncRefusal ? (
        <p role="alert" className="text-sm text-red-800">
          {syncRefusal}
        </p>
      ) : null}

      <div className="grid gap-1">
        <span className="text-sm font-medium text-stone-800">{t('export.label')}</span>
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 truncate rounded bg-stone-100 px-2 py-1 text-xs"
            dir="ltr"
            data-testid="channel-export-url"
          >
            {exportUrl}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={() => void onCopy()}>
            <Copy aria-hidden="true" />
            {t('export.copy')}
          </Button>
          {writable ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirmRotate(true)}>
              <RotateCw aria-hidden="true" />
              {t('export.rotate')}
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-stone-600">{t('export.hint')}</p>
        {copied ? (
          <p role="status" className="text-sm text-stone-700">
            {copied === 'yes' ? t('export.copied') : t('export.copy_failed')}
          </p>
        ) : null}
      </div>

      <UnitChannelsActivity unitId={unitId} connectionId={connection.id} />

      <ConfirmDialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title={t('export.rotate_title')}
        description={t('export.rotate_description')}
        confirmLabel={t('export.rotate_confirm')}
        destructive
        onConfirm={() => {
          setConfirmRotate(false);
          rotate.mutate(connection.id);
        }}
      />
    </li>
  );
}
