import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/auth';
import { useAlertEvents } from '../api/get-alert-events';
import { ALERT_SEVERITIES, type AlertEvent } from '../lib/alert-schema';
import { useAlertFormat } from '../lib/use-alert-format';
import { AlertEventRow } from './alert-history';

/** How many open alerts the card lists before "See all". */
const SHOWN = 5;

const rank = (event: AlertEvent) => ALERT_SEVERITIES.indexOf(event.severity);

/**
 * The dashboard's open alerts (issue 17): fired, not acknowledged and still true, most severe
 * first, each with Acknowledge (automations.write). Renders nothing without automations.read or
 * when nothing is open. Its title is an h2: the card sits right under the dashboard's h1.
 */
export function OpenAlertsCard() {
  const { t } = useTranslation('alerts');
  const { can } = usePermissions();
  const format = useAlertFormat();
  const canRead = can('automations.read');
  const events = useAlertEvents('open', { enabled: canRead });
  if (!canRead) return null;
  const open = (events.data ?? [])
    .filter((event) => event.resolved_at === null)
    .sort((a, b) => rank(a) - rank(b) || b.fired_at.localeCompare(a.fired_at));
  if (open.length === 0) return null;

  return (
    <Card data-testid="open-alerts-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle level={2} className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5 text-amber-700" />
          {t('card.title', { count: open.length, formatted: format.number(open.length) })}
        </CardTitle>
        <Link
          to={`${paths.dashboard.section('reports')}?tab=alerts`}
          className="text-sm font-medium text-primary-800 underline underline-offset-2"
        >
          {t('card.see_all')}
        </Link>
      </CardHeader>
      <CardContent className="p-0">
        <ul className="divide-y divide-stone-200">
          {open.slice(0, SHOWN).map((event) => (
            <AlertEventRow key={event.id} event={event} canWrite={can('automations.write')} compact />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
