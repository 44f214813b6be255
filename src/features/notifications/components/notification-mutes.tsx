import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMyMutes, useSetMute } from '../api/notification-mutes';
import { notificationChannels, notificationEvents } from '../schemas';

/** "My notifications": the member mutes an event on a channel for themselves (saved at once). */
export function NotificationMutes() {
  const { t } = useTranslation('notifications');
  const mutes = useMyMutes();
  const setMute = useSetMute();
  const muted = new Set((mutes.data ?? []).map((m) => `${m.event}:${m.channel}`));

  return (
    <section aria-labelledby="notification-mutes-title" data-testid="notification-mutes">
      <h3 id="notification-mutes-title" className="text-base font-semibold text-stone-900">
        {t('settings.mine_title')}
      </h3>
      <p className="mb-3 text-sm text-stone-600">{t('settings.mine_description')}</p>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('settings.event_column')}
              </th>
              {notificationChannels.map((channel) => (
                <th key={channel} scope="col" className="px-3 py-2 text-start font-medium">
                  {t('settings.channels.' + channel)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {notificationEvents.map((event) => (
              <tr key={event} className="border-b border-stone-100 last:border-none">
                <th scope="row" className="px-3 py-2 text-start font-normal text-stone-900">
                  {t(`settings.events.${event}`)}
                </th>
                {notificationChannels.map((channel) => {
                  const isMuted = muted.has(`${event}:${channel}`);
                  return (
                    <td key={channel} className="px-3 py-2">
                      <label className="flex items-center gap-1.5 text-stone-700">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary-700"
                          checked={isMuted}
                          disabled={mutes.isPending || setMute.isPending}
                          aria-label={t('settings.mute_label', {
                            event: t(`settings.events.${event}`),
                            channel: t(`settings.channels.${channel}`),
                          })}
                          onChange={(e) =>
                            setMute.mutate(
                              { event, channel, muted: e.target.checked },
                              { onSuccess: () => toast.success(t('settings.mute_saved')) },
                            )
                          }
                        />
                        <span aria-hidden="true">{t('settings.mute')}</span>
                      </label>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
