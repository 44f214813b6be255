import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth/organization-settings';
import { formatDate, formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { ApiKeyRow } from '../api/get-api-keys';

export interface ApiKeyListProps {
  keys: ApiKeyRow[];
  onRevoke: (key: ApiKeyRow) => void;
}

/**
 * The organisation's keys, one card each (they wrap on a phone): name, prefix, state, created
 * (when and by whom), last used; "Revoke" on active keys. Dates in the organisation's time zone.
 */
export function ApiKeyList({ keys, onRevoke }: ApiKeyListProps) {
  const { t, i18n } = useTranslation('settings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();

  return (
    <ul className="flex flex-col gap-3" aria-label={t('security.api_keys.list_label')} data-testid="api-key-list">
      {keys.map((key) => {
        const headingId = `api-key-${key.id}`;
        const revoked = key.revoked_at !== null;
        return (
          <li
            key={key.id}
            aria-labelledby={headingId}
            className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
            data-testid="api-key-item"
            data-state={revoked ? 'revoked' : 'active'}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h4 id={headingId} dir="auto" className="font-semibold break-words text-stone-900">
                {key.name}
              </h4>
              <code dir="ltr" className="rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-800">
                {key.prefix}…
              </code>
              <Badge variant={revoked ? 'danger' : 'success'} data-testid="api-key-state">
                {revoked ? t('security.api_keys.state.revoked') : t('security.api_keys.state.active')}
              </Badge>
              {revoked ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  className="ms-auto text-red-700"
                  aria-label={t('security.api_keys.revoke_named', { name: key.name })}
                  onClick={() => onRevoke(key)}
                  data-testid="api-key-revoke"
                >
                  <Ban aria-hidden="true" />
                  {t('security.api_keys.revoke')}
                </Button>
              )}
            </div>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <dt className="text-stone-500">{t('security.api_keys.created')}</dt>
                <dd className="text-stone-900">{formatDate(key.created_at, language, 'medium', timeZone)}</dd>
              </div>
              <div>
                <dt className="text-stone-500">{t('security.api_keys.created_by')}</dt>
                <dd className="text-stone-900">
                  {/* A name in either script, isolated so it sits at the line's start in both directions. */}
                  <bdi>{key.creator?.full_name ?? t('security.api_keys.unknown_creator')}</bdi>
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">{t('security.api_keys.last_used')}</dt>
                <dd className="text-stone-900" data-testid="api-key-last-used">
                  {key.last_used_at
                    ? formatDateTime(key.last_used_at, language, timeZone)
                    : t('security.api_keys.never')}
                </dd>
              </div>
              {revoked ? (
                <div>
                  <dt className="text-stone-500">{t('security.api_keys.revoked_at')}</dt>
                  <dd className="text-stone-900">{formatDateTime(key.revoked_at!, language, timeZone)}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
