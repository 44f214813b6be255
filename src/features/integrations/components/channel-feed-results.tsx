import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { FeedTest } from '../lib/integration-schema';

/** "Test feeds": per connection, reachable with how many events, or why not. Nothing was applied. */
export function ChannelFeedResults({ result }: { result: FeedTest }) {
  const { t, i18n } = useTranslation('integrations');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  if (result.feeds.length === 0) {
    return (
      <p role="status" className="text-sm text-stone-600" data-testid="ical-test-result">
        {t('channel_sync.no_feeds')}
      </p>
    );
  }
  return (
    <section role="status" aria-label={t('channel_sync.results')} data-testid="ical-test-result" className="grid gap-2">
      <p className="text-sm text-stone-600">{t('channel_sync.results_hint')}</p>
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
        {result.feeds.map((feed) => (
          <li
            key={feed.connection_id}
            className="flex items-start gap-2 p-3 text-sm"
            data-testid="ical-test-feed"
            data-ok={feed.ok}
          >
            {feed.ok ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
            )}
            <div className="min-w-0">
              <p className="font-medium text-stone-900" dir="auto">
                {feed.connection_name}
              </p>
              <p className={feed.ok ? 'text-stone-700' : 'text-red-800'}>
                {feed.ok
                  ? t('channel_sync.feed_ok', {
                      count: feed.events ?? 0,
                      events: formatNumber(feed.events ?? 0, language),
                    })
                  : t('channel_sync.feed_failed')}
              </p>
              {!feed.ok && feed.error ? (
                <p dir="ltr" className="text-xs break-words text-stone-600">
                  {feed.error}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
