import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, usePermissions } from '@/lib/auth';
import { useLockStayCodes } from '../api/lock-get-stay-codes';
import { useRetryStayCode } from '../api/lock-retry-stay-code';
import { useLockCodeSettings, useSetLockCodeSetting } from '../api/lock-code-settings';
import { useLockFormat } from './unit-lock-format';

const STATE_BADGE = { active: 'success', pending: 'info', failed: 'danger', removed: 'neutral' } as const;

/**
 * A code per stay (issue 15): the organisation's switch, and the codes of this unit's current and
 * coming stays with what happened to each — a failure shows its reason and when it is retried.
 * Beside it, whether each code is sent to its guest (about a day before check-in).
 */
export function UnitLockStayCodes({ unitId }: { unitId: string }) {
  const { t } = useTranslation('locks');
  const { dateTime } = useLockFormat();
  const organizationId = useAuth().organization?.id ?? null;
  const { can } = usePermissions();
  const canManage = can('settings.manage');
  const canRetry = can('bookings.write') || can('locks.write');
  const retry = useRetryStayCode(unitId);
  const settings = useLockCodeSettings(organizationId);
  const toggle = useSetLockCodeSetting(organizationId ?? '');
  const disabled = !canManage || settings.isPending || toggle.isPending || organizationId === null;
  const codes = useLockStayCodes(unitId);
  const rows = codes.data ?? [];
  return (
    <section className="grid gap-3" aria-labelledby="lock-stay-codes-title">
      <h3 id="lock-stay-codes-title" className="text-base font-semibold">
        {t('stay_codes.title')}
      </h3>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={settings.data?.lock_code_per_stay === true}
          disabled={disabled}
          onChange={(event) => toggle.mutate({ lock_code_per_stay: event.target.checked })}
          data-testid="lock-stay-code-setting"
        />
        <span>
          <span className="font-medium">{t('stay_codes.setting')}</span>
          <span className="block text-stone-600">{t('stay_codes.setting_hint')}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 ps-6 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={settings.data?.door_code_to_guest === true}
          disabled={disabled}
          onChange={(event) => toggle.mutate({ door_code_to_guest: event.target.checked })}
          data-testid="lock-door-code-to-guest-setting"
        />
        <span>
          <span className="font-medium">{t('stay_codes.to_guest_setting')}</span>
          <span className="block text-stone-600">
            {t(
              settings.data?.lock_code_per_stay === false ? 'stay_codes.to_guest_hint_off' : 'stay_codes.to_guest_hint',
            )}
          </span>
        </span>
      </label>
      {codes.isPending ? <Spinner label={t('common:loading')} /> : null}
      {codes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('stay_codes.failed')}
        </p>
      ) : null}
      {codes.isSuccess && rows.length === 0 ? <p className="text-sm text-stone-600">{t('stay_codes.empty')}</p> : null}
      {rows.length > 0 ? (
        <ul className="grid gap-2" data-testid="lock-stay-codes">
          {rows.map((row) => (
            <li key={row.id} className="rounded-md border border-stone-200 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  <bdi>{row.booking?.booking_reference ?? '—'}</bdi>
                </span>
                <span className="font-mono" dir="ltr">
                  {row.code}
                </span>
                <Badge variant={STATE_BADGE[row.state as keyof typeof STATE_BADGE] ?? 'neutral'}>
                  {t(`stay_codes.states.${row.state}`)}
                </Badge>
              </div>
              <p className="text-stone-600">
                {t('passcodes.from_to', { from: dateTime(row.starts_at), to: dateTime(row.ends_at) })}
              </p>
              {row.state === 'failed' ? (
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-red-800">
                    {t('stay_codes.error', { reason: row.last_error ?? '', when: dateTime(row.next_attempt_at) })}
                  </p>
                  {canRetry && row.booking_id ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(row.booking_id)}
                    >
                      {t('stay_codes.retry')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
