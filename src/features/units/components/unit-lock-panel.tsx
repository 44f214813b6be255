import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { usePermissions } from '@/lib/auth';
import type { Tables } from '@/types/database';
import { UnitLockPasscodes } from './unit-lock-passcodes';
import { UnitLockRecords } from './unit-lock-records';
import { UnitLockSettings } from './unit-lock-settings';
import { UnitLockStayCodes } from './unit-lock-stay-codes';

/**
 * The unit's Lock tab (issue 15): the lock's identifiers and TTLock account, a connection test,
 * the passcodes on the lock and its last 7 days of activity, all through the `locks` function.
 * Without a lock id it says so in SPEC §8's words and offers only the settings.
 */
export function UnitLockPanel({ unit }: { unit: Tables<'units'> }) {
  const { t } = useTranslation('locks');
  const { can } = usePermissions();
  const canWrite = can('locks.write') || can('units.write');
  const configured = Boolean(unit.smart_lock_id?.trim());
  return (
    <div className="grid gap-6" aria-label={t('title')} role="region">
      {configured ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Lock aria-hidden="true" className="size-4" />
          <span>{t('settings.lock_id')}</span>
          <span className="font-mono" dir="ltr" data-testid="lock-id">
            {unit.smart_lock_id}
          </span>
        </p>
      ) : (
        <EmptyState
          icon={Lock}
          title={t('not_configured')}
          description={t('not_configured_hint')}
          data-testid="lock-not-configured"
        />
      )}
      <UnitLockSettings key={`${unit.id}:${unit.updated_at}`} unit={unit} canWrite={canWrite} />
      {configured ? (
        <>
          <UnitLockPasscodes unitId={unit.id} canWrite={canWrite} />
          <UnitLockStayCodes unitId={unit.id} />
          <UnitLockRecords unitId={unit.id} />
        </>
      ) : null}
    </div>
  );
}
