import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { TeamPage } from '../schemas';
import { seatsFull } from '../lib/team-row';

/**
 * The plan's users (SPEC §9: Basic 1, Advanced and Enterprise unlimited). When every seat is taken
 * it says so and how to get more: Settings → Billing, where an administrator changes the plan
 * (a member without settings.manage sees the plan there read-only).
 */
export function UpgradeLink() {
  const { t } = useTranslation('users');
  return (
    <Link
      to={paths.dashboard.settings.getHref('billing')}
      className="font-semibold text-primary-800 underline underline-offset-4"
      data-testid="upgrade-link"
    >
      {t('seats.upgrade')}
    </Link>
  );
}

export function SeatsNotice({ seats }: { seats: TeamPage['seats'] }) {
  const { t, i18n } = useTranslation('users');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  if (seats.limit === null) return null;
  const numbers = { used: formatNumber(seats.used, language), limit: formatNumber(seats.limit, language) };
  if (!seatsFull(seats)) {
    return <p className="mb-4 text-sm text-stone-600">{t('seats.summary', numbers)}</p>;
  }
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="seats-full"
    >
      <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('seats.full', { count: seats.limit })}</p>
        <p className="mt-1">{t('seats.upgrade_hint')}</p>
        <p className="mt-2">
          <UpgradeLink />
        </p>
      </div>
    </div>
  );
}
