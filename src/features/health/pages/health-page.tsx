import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getEnv } from '@/config/env';
import { getEnvironment } from '@/lib/environment';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { SERVICE_PROBES, useServiceChecks, type ServiceCheck } from '../api/check-services';
import { SimulatedFailureTrigger } from '../components/simulated-failure';

function ServiceRow({ check }: { check: ServiceCheck }) {
  const { t } = useTranslation('health');
  const language = currentLanguage();
  return (
    <li
      className="flex items-center gap-3 py-3"
      data-testid={`service-${check.id}`}
      data-status={check.ok ? 'up' : 'down'}
    >
      {check.ok ? (
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
      ) : (
        <CircleX aria-hidden="true" className="size-5 shrink-0 text-red-700" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-stone-900">{t(`services.${check.id}`)}</p>
        <p className="font-mono text-xs text-stone-600" dir="ltr">
          {SERVICE_PROBES.find((probe) => probe.id === check.id)?.path}
          {check.status === null ? '' : ` → ${check.status}`}
        </p>
      </div>
      <span className="text-sm text-stone-600 tabular-nums">
        {t('latency', { value: formatNumber(check.latencyMs, language) })}
      </span>
      <Badge variant={check.ok ? 'success' : 'danger'}>{check.ok ? t('status.up') : t('status.down')}</Badge>
    </li>
  );
}

export function HealthPage() {
  const { t } = useTranslation('health');
  const checks = useServiceChecks();
  const env = getEnv();
  const allUp = checks.data?.every((check) => check.ok) ?? false;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <SimulatedFailureTrigger />
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline" onClick={() => void checks.refetch()} disabled={checks.isFetching}>
            <RefreshCw aria-hidden="true" className={checks.isFetching ? 'animate-spin' : undefined} />
            {t('check_again')}
          </Button>
        }
      />
      <div className="grid gap-4">
        <Card>
          <CardContent className="grid gap-3 pt-5 sm:grid-cols-2">
            <div>
              <p className="text-sm text-stone-600">{t('version')}</p>
              <p className="font-mono font-semibold text-stone-900" data-testid="app-version" dir="ltr">
                {env.APP_VERSION}
              </p>
            </div>
            <div>
              <p className="text-sm text-stone-600">{t('environment')}</p>
              <p
                className="font-semibold text-stone-900"
                data-testid="app-environment"
                data-environment={getEnvironment()}
              >
                {t(`environments.${getEnvironment()}`)}
              </p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle level={2}>{t('services_title')}</CardTitle>
            {checks.data ? (
              <Badge variant={allUp ? 'success' : 'danger'} data-testid="overall-status">
                {allUp ? t('overall.up') : t('overall.degraded')}
              </Badge>
            ) : null}
          </CardHeader>
          <CardContent>
            <div aria-live="polite" aria-busy={checks.isFetching}>
              {checks.data ? (
                <ul className="divide-y divide-stone-200">
                  {checks.data.map((check) => (
                    <ServiceRow key={check.id} check={check} />
                  ))}
                </ul>
              ) : (
                <div className="grid gap-3" aria-label={t('checking')}>
                  {SERVICE_PROBES.map((probe) => (
                    <Skeleton key={probe.id} className="h-10" />
                  ))}
                </div>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
