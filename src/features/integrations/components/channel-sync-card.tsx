import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useChannelSyncStatus } from '../api/get-channel-sync-status';
import { useSaveChannelSyncSchedule } from '../api/save-channel-sync-schedule';
import { useTestChannelFeeds } from '../api/test-channel-feeds';
import { CHANNEL_SYNC_FREQUENCIES, type ChannelSyncFrequency, type Integration } from '../lib/integration-schema';
import { ChannelFeedResults } from './channel-feed-results';
import { IntegrationError } from './integration-error';
import { IntegrationStatusBadge } from './integration-status-badge';
import { useFormatTime } from './use-format-time';

function frequencyOf(integration: Integration | undefined): ChannelSyncFrequency {
  const value = integration?.sync_frequency;
  return (CHANNEL_SYNC_FREQUENCIES as readonly string[]).includes(value ?? '')
    ? (value as ChannelSyncFrequency)
    : 'realtime';
}

/**
 * Settings → Integrations → Channel sync (iCal): how often every feed of the organisation is
 * fetched, pause and resume ("Sync now" in a unit's Channels tab still works while paused), the
 * newest sync of any feed, and "Test feeds" (each feed read, nothing applied). The per-listing
 * connections live in Settings → OTA connections.
 */
export function ChannelSyncCard({
  integration,
  canWrite,
}: {
  integration: Integration | undefined;
  canWrite: boolean;
}) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const status = useChannelSyncStatus();
  const save = useSaveChannelSyncSchedule();
  const test = useTestChannelFeeds();
  const paused = integration?.status === 'disconnected';
  const saved = frequencyOf(integration);
  const [frequency, setFrequency] = useState<ChannelSyncFrequency>(saved);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // The stored value changed (saved here or elsewhere): show it.
    setSeen(saved);
    setFrequency(saved);
  }
  const store = (next: { sync_frequency: ChannelSyncFrequency; paused: boolean }) =>
    save.mutate(next, { onSuccess: () => toast.success(t('channel_sync.saved')) });
  const lastSync = status.data?.last_synced_at;
  return (
    <Card data-testid="integration-ical" aria-labelledby="integration-ical-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="integration-ical-title">{t('channel_sync.title')}</CardTitle>
          <IntegrationStatusBadge status={paused ? 'disconnected' : 'active'} testId="ical-status" />
        </div>
        <CardDescription>{t('channel_sync.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-stone-600">{t('channel_sync.frequency')}</dt>
          <dd className="text-stone-900" data-testid="ical-frequency">
            {paused ? t('channel_sync.paused') : t(`channel_sync.frequencies.${saved}`)}
          </dd>
          <dt className="text-stone-600">{t('channel_sync.feeds')}</dt>
          <dd className="text-stone-900" data-testid="ical-feeds">
            {status.data ? t('channel_sync.feed_count', { count: status.data.feeds }) : '…'}
          </dd>
          <dt className="text-stone-600">{t('channel_sync.last_sync')}</dt>
          <dd className="text-stone-900" data-testid="ical-last-sync">
            {lastSync ? formatTime(lastSync) : t('never')}
          </dd>
        </dl>
        {canWrite ? (
          <div className="flex flex-wrap items-end gap-2">
            <Field label={t('channel_sync.frequency')} className="w-full sm:w-64">
              <Select
                value={frequency}
                disabled={save.isPending}
                onChange={(event) => setFrequency(event.target.value as ChannelSyncFrequency)}
                data-testid="ical-frequency-select"
              >
                {CHANNEL_SYNC_FREQUENCIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`channel_sync.frequencies.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              type="button"
              disabled={save.isPending || frequency === saved}
              onClick={() => store({ sync_frequency: frequency, paused })}
              data-testid="ical-save"
            >
              {t('channel_sync.save')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => store({ sync_frequency: saved, paused: !paused })}
              data-testid="ical-pause"
            >
              {paused ? t('channel_sync.resume') : t('channel_sync.pause')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={test.isPending}
              onClick={() => test.mutate()}
              data-testid="ical-test"
            >
              {test.isPending ? t('channel_sync.testing') : t('channel_sync.test')}
            </Button>
          </div>
        ) : null}
        {paused ? <p className="text-sm text-stone-600">{t('channel_sync.paused_hint')}</p> : null}
        {test.error ? <IntegrationError error={test.error} testId="ical-test-error" /> : null}
        {test.data ? <ChannelFeedResults result={test.data} /> : null}
        <p className="text-sm text-stone-600">
          {t('channel_sync.connections_hint')}{' '}
          <Link
            to={paths.dashboard.settings.getHref('ota_connections')}
            className="font-medium text-primary-700 underline underline-offset-2"
            data-testid="ical-ota-link"
          >
            {t('channel_sync.connections_link')}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
