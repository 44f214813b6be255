import { Crown, MailCheck, MailWarning, MailQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatPhone } from '@/domain/phone';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { isLanguage } from '@/lib/i18n';
import type { TeamRow } from '../schemas';
import { deliveryState, displayStatus, roleLabel, rowName, STATUS_BADGE } from '../lib/team-row';

/** The reader's language and the organisation's time zone, for every date of the list. */
export function useTeamFormat() {
  const { i18n } = useTranslation('users');
  const { timeZone } = useOrganizationSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, dateTime: (value: string) => formatDateTime(value, language, timeZone) };
}

export function StatusBadge({ row }: { row: TeamRow }) {
  const { t } = useTranslation('users');
  const status = displayStatus(row);
  return (
    <Badge variant={STATUS_BADGE[status]} data-testid="user-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * The name with "Owner" / "You" marks and, on wide screens, the e-mail under it (`withEmail`); an
 * invitation is its address with "Invited by …".
 */
export function NameCell({ row, withEmail = false }: { row: TeamRow; withEmail?: boolean }) {
  const { t } = useTranslation('users');
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-stone-900">
        <bdi className="[overflow-wrap:anywhere]">{rowName(row)}</bdi>
        {row.is_owner ? (
          <Badge variant="warning">
            <Crown aria-hidden="true" className="size-3" />
            {t('list.owner')}
          </Badge>
        ) : null}
        {row.is_self ? <Badge>{t('list.you')}</Badge> : null}
      </p>
      {withEmail && row.kind === 'member' && row.email ? (
        <p className="text-xs text-stone-600 [overflow-wrap:anywhere]" data-testid="user-email">
          <span dir="ltr">{row.email}</span>
        </p>
      ) : null}
      {row.kind === 'invitation' && row.invited_by_name ? (
        <p className="text-xs text-stone-600">{t('list.invited_by', { name: row.invited_by_name })}</p>
      ) : null}
    </div>
  );
}

export function RolesText({ row }: { row: TeamRow }) {
  const { t } = useTranslation('users');
  const { language } = useTeamFormat();
  return <>{row.roles.map((role) => roleLabel(role, t)).join(language === 'ar' ? '، ' : ', ') || '—'}</>;
}

export function PhoneText({ phone }: { phone: string | null }) {
  return phone ? (
    <span dir="ltr" className="whitespace-nowrap">
      {formatPhone(phone)}
    </span>
  ) : (
    <span aria-hidden="true">—</span>
  );
}

/** A member's last sign-in; an invitation's expiry and the state of its e-mail. */
export function ActivityText({ row }: { row: TeamRow }) {
  const { t } = useTranslation('users');
  const format = useTeamFormat();
  if (row.kind === 'member') {
    return <>{row.last_login_at ? format.dateTime(row.last_login_at) : t('list.never')}</>;
  }
  const status = displayStatus(row);
  const delivery = deliveryState(row);
  const Icon = delivery === 'sent' ? MailCheck : delivery === 'sending' ? MailQuestion : MailWarning;
  return (
    <div className="flex flex-col gap-0.5">
      {row.expires_at ? (
        <span>
          {t(status === 'expired' ? 'list.expired_on' : 'list.expires', { date: format.dateTime(row.expires_at) })}
        </span>
      ) : null}
      {status === 'pending' && delivery ? (
        <span
          className={cn(
            'flex items-center gap-1 text-xs',
            delivery === 'failed' || delivery === 'unconfirmed' ? 'text-red-800' : 'text-stone-600',
          )}
          data-testid="invitation-delivery"
        >
          <Icon aria-hidden="true" className="size-3.5 shrink-0" />
          {t(`list.email_${delivery}`)}
        </span>
      ) : null}
    </div>
  );
}
