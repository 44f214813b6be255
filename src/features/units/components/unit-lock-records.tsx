import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useLockRecords } from '../api/lock-get-records';
import { LockErrorAlert } from './unit-lock-error';
import { useLockFormat } from './unit-lock-format';

const METHODS = ['app', 'passcode', 'card', 'fingerprint', 'gateway', 'remote', 'qr_code', 'face'];

/** Who opened the lock, when, how and whether it worked, over the last 7 days, 20 a page. */
export function UnitLockRecords({ unitId }: { unitId: string }) {
  const { t } = useTranslation('locks');
  const { language, dateTime } = useLockFormat();
  const [page, setPage] = useState(1);
  const records = useLockRecords(unitId, page);
  const data = records.data;
  const pages = Math.max(1, data?.pages ?? 1);
  return (
    <section className="grid gap-3" aria-labelledby="lock-records-title">
      <h3 id="lock-records-title" className="text-base font-semibold">
        {t('records.title')}
      </h3>
      {records.isPending ? <Spinner label={t('common:loading')} /> : null}
      {records.isError ? (
        <LockErrorAlert error={records.error} fallback={t('records.failed')} testId="lock-records-error" />
      ) : null}
      {data && data.records.length === 0 ? <EmptyState icon={History} title={t('records.empty')} /> : null}
      {data && data.records.length > 0 ? (
        <>
          <div className="overflow-x-auto rounded-md border border-stone-200">
            <table className="w-full text-sm" data-testid="lock-records">
              <thead className="bg-stone-50 text-xs text-stone-600">
                <tr>
                  <th className="px-3 py-2 text-start font-medium">{t('records.when')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('records.who')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('records.method')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('records.result')}</th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((r) => (
                  <tr key={r.id} className="border-t border-stone-200">
                    <td className="px-3 py-2 whitespace-nowrap">{dateTime(r.at)}</td>
                    <td className="px-3 py-2">
                      <bdi>{r.who ?? t('records.unknown')}</bdi>
                    </td>
                    <td className="px-3 py-2">
                      {t(`records.methods.${METHODS.includes(r.method) ? r.method : 'other'}`)}
                    </td>
                    <td className="px-3 py-2">
                      <Badge variant={r.success ? 'success' : 'danger'}>
                        {r.success ? t('records.success') : t('records.failure')}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="flex items-center justify-end gap-2" aria-label={t('records.title')}>
            <Button
              size="icon"
              variant="outline"
              aria-label={t('records.previous')}
              disabled={page <= 1 || records.isFetching}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
            </Button>
            <span className="text-sm text-stone-600" data-testid="lock-records-page">
              {t('records.page', { page: formatNumber(page, language), pages: formatNumber(pages, language) })}
            </span>
            <Button
              size="icon"
              variant="outline"
              aria-label={t('records.next')}
              disabled={page >= pages || records.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
