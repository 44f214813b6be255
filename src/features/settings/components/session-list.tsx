import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth/organization-settings';
import { formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { SessionRow } from '../api/session-list';
import { describeDevice } from './session-device';

export interface SessionListProps {
  sessions: SessionRow[];
  onSignOut: (session: SessionRow) => void;
}

/**
 * The user's sessions, one card each: the device ("Chrome on Android"), "This device" on the
 * session of this browser, the address, when it signed in and was last active (organisation's
 * time zone, per language); "Sign out" on every other session.
 */
export function SessionList({ sessions, onSignOut }: SessionListProps) {
  const { t, i18n } = useTranslation('settings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();

  const deviceName = (session: SessionRow) => {
    const { browser, os } = describeDevice(session.user_agent);
    const named = browser ?? t('security.sessions.unknown_browser');
    return os ? t('security.sessions.device', { browser: named, os }) : named;
  };

  return (
    <ul className="flex flex-col gap-3" aria-label={t('security.sessions.list_label')} data-testid="session-list">
      {sessions.map((session) => {
        const headingId = `session-${session.id}`;
        const name = deviceName(session);
        return (
          <li
            key={session.id}
            aria-labelledby={headingId}
            className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
            data-testid="session-item"
            data-current={session.is_current ? 'true' : 'false'}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h4 id={headingId} className="font-semibold text-stone-900">
                <bdi>{name}</bdi>
              </h4>
              {session.is_current ? (
                <Badge variant="success" data-testid="session-current">
                  {t('security.sessions.this_device')}
                </Badge>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  className="ms-auto text-red-700"
                  aria-label={t('security.sessions.sign_out_named', { device: name })}
                  onClick={() => onSignOut(session)}
                  data-testid="session-sign-out"
                >
                  <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
                  {t('security.sessions.sign_out')}
                </Button>
              )}
            </div>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-stone-500">{t('security.sessions.ip')}</dt>
                <dd className="text-stone-900" data-testid="session-ip">
                  {session.ip ? <bdi dir="ltr">{session.ip}</bdi> : t('security.sessions.unknown_ip')}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">{t('security.sessions.signed_in')}</dt>
                <dd className="text-stone-900">{formatDateTime(session.created_at, language, timeZone)}</dd>
              </div>
              <div>
                <dt className="text-stone-500">{t('security.sessions.last_active')}</dt>
                <dd className="text-stone-900" data-testid="session-last-active">
                  {formatDateTime(session.last_active_at ?? session.created_at, language, timeZone)}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
