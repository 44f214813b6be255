import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { Tables } from '@/types/database';

/**
 * The unit's smart-lock settings as stored, read-only: setting up locks and passcodes belongs to
 * a later issue. A unit without a lock id says so in SPEC §8's words, never with sample values.
 */
export function UnitLockPanel({ unit }: { unit: Tables<'units'> }) {
  const { t } = useTranslation('units');
  if (!unit.smart_lock_id) {
    return (
      <EmptyState
        icon={Lock}
        title={t('lock.not_configured')}
        description={t('lock.not_available')}
        data-testid="lock-not-configured"
      />
    );
  }
  const rows: [string, string][] = [
    [t('lock.lock_id'), unit.smart_lock_id],
    [t('lock.mac'), unit.lock_mac_address ?? '—'],
    [t('lock.gateway'), unit.lock_gateway_id ?? '—'],
    [t('lock.username'), unit.lock_account_username ?? '—'],
    [t('lock.credentials'), unit.lock_credentials_configured ? t('lock.credentials_yes') : t('lock.credentials_no')],
  ];
  return (
    <section className="grid gap-3" aria-label={t('lock.title')}>
      <dl className="grid gap-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-md border border-stone-200 px-3 py-2">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="font-mono text-sm" dir="ltr">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-600">{t('lock.not_available')}</p>
    </section>
  );
}
