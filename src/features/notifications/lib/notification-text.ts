import type { TFunction } from 'i18next';
import { formatDate, formatMoney, formatNumber, formatRelative, isCurrency } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';

/**
 * A notification's words in the reader's language, from its event and params (the database stores
 * no text: each member reads their own language). An event this app does not know yet (added by
 * a later migration) reads as a generic "New notification".
 */
export interface NotificationText {
  title: string;
  body: string;
}

type Params = Record<string, unknown>;

/** A param as text: strings and numbers only (params are the database's, never nested objects here). */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

function day(value: unknown, language: Language, timeZone: string): string {
  const raw = text(value);
  return /^\d{4}-\d{2}-\d{2}/.test(raw)
    ? formatDate(raw.length === 10 ? raw : new Date(raw), language, 'medium', timeZone)
    : raw;
}

const joined = (parts: string[]) => parts.filter((part) => part.trim() !== '').join(' · ');

export function notificationText(
  t: TFunction<'notifications'>,
  event: string,
  params: Params,
  language: Language,
  timeZone: string,
): NotificationText {
  const unit = localized(language, text(params.unit), text(params.unit_ar) || null);
  const title = localized(language, text(params.title), text(params.title_ar) || null);
  switch (event) {
    case 'booking_created':
    case 'booking_requested':
      return {
        title: t(`events.${event}.title`, { reference: text(params.reference) }),
        body: joined([
          text(params.guest),
          unit,
          t('stay', {
            checkIn: day(params.check_in, language, timeZone),
            checkOut: day(params.check_out, language, timeZone),
          }),
        ]),
      };
    case 'arrivals_today': {
      const count = Number(params.count) || 0;
      const bookings = Array.isArray(params.bookings) ? (params.bookings as Params[]) : [];
      return {
        title: t('events.arrivals_today.title', { count, formatted: formatNumber(count, language) }),
        body: joined([
          day(params.date, language, timeZone),
          bookings
            .slice(0, 3)
            .map((b) => localized(language, text(b.unit), text(b.unit_ar) || null))
            .join(t('list_separator')),
        ]),
      };
    }
    case 'invoice_overdue': {
      const amount = Number(params.balance_due);
      const currency = isCurrency(params.currency) ? params.currency : 'SAR';
      return {
        title: t('events.invoice_overdue.title', { number: text(params.number) }),
        body: joined([
          text(params.buyer),
          Number.isFinite(amount)
            ? t('events.invoice_overdue.balance', { amount: formatMoney(amount, currency, language) })
            : '',
          t('events.invoice_overdue.due', { date: day(params.due_date, language, timeZone) }),
        ]),
      };
    }
    case 'task_assigned':
      return {
        title: t('events.task_assigned.title', { title }),
        body: joined([
          unit,
          params.due_at ? t('events.task_assigned.due', { date: day(params.due_at, language, timeZone) }) : '',
        ]),
      };
    case 'task_completed':
      return {
        title: t('events.task_completed.title', { title }),
        body: params.completed_by ? t('events.task_completed.by', { name: text(params.completed_by) }) : unit,
      };
    case 'review_received':
      return {
        title: t('events.review_received.title', { guest: text(params.guest) }),
        body: joined([
          t('events.review_received.rating', { rating: formatNumber(Number(params.rating) || 0, language) }),
          unit,
        ]),
      };
    case 'channel_conflict':
      return {
        title: t('events.channel_conflict.title', { connection: text(params.connection) }),
        body: joined([
          unit,
          t('stay', {
            checkIn: day(params.check_in, language, timeZone),
            checkOut: day(params.check_out, language, timeZone),
          }),
        ]),
      };
    case 'message_received': {
      // Issue 16: a guest wrote on WhatsApp or SMS; the body is the first 140 characters.
      const channel = text(params.channel);
      return {
        title: t('events.message_received.title', { name: text(params.name) }),
        body: joined([
          channel === 'whatsapp' || channel === 'sms' || channel === 'email'
            ? t(`events.message_received.channel.${channel}`)
            : '',
          text(params.body),
        ]),
      };
    }
    case 'financial_alert': {
      // Issue 17: a financial alert fired; its value and threshold are SAR, a percentage or days.
      const kind = text(params.kind);
      const measure = (value: unknown): string => {
        const amount = Number(value);
        if (value === null || value === undefined || !Number.isFinite(amount)) return '';
        if (kind === 'percent')
          return formatNumber(amount / 100, language, { style: 'percent', maximumFractionDigits: 2 });
        if (kind === 'days')
          return t('events.financial_alert.days', { count: amount, formatted: formatNumber(amount, language) });
        return formatMoney(amount, 'SAR', language);
      };
      const severity = text(params.severity);
      return {
        title: t('events.financial_alert.title', {
          alert: localized(language, text(params.alert), text(params.alert_ar) || null),
        }),
        body: joined([
          ['low', 'medium', 'high', 'critical'].includes(severity)
            ? t(`events.financial_alert.severity.${severity}`)
            : '',
          localized(language, text(params.subject), text(params.subject_ar) || null),
          measure(params.value)
            ? t('events.financial_alert.value', { value: measure(params.value), threshold: measure(params.threshold) })
            : '',
        ]),
      };
    }
    case 'automation': {
      // Issue 17: an automation rule's "notify the team" action — the rule's name, then what the
      // event was about (the task, the guest and unit of the stay, the booking or the invoice).
      const reference = text(params.booking_reference);
      const invoice = text(params.invoice_number);
      return {
        title: t('events.automation.title', { rule: text(params.rule) }),
        body: joined([
          title,
          text(params.guest),
          unit,
          reference ? t('events.automation.booking', { reference }) : '',
          invoice ? t('events.automation.invoice', { number: invoice }) : '',
        ]),
      };
    }
    default:
      return { title: t('events.unknown.title'), body: '' };
  }
}

/** "just now", "5 minutes ago", "yesterday", then the date in the organisation's time zone. */
export function notificationTime(
  t: TFunction<'notifications'>,
  createdAt: string,
  language: Language,
  timeZone: string,
  now: Date = new Date(),
): string {
  const seconds = Math.round((now.getTime() - new Date(createdAt).getTime()) / 1000);
  if (seconds < 60) return t('time.just_now');
  if (seconds < 3600) return formatRelative(-Math.floor(seconds / 60), 'minute', language);
  if (seconds < 86_400) return formatRelative(-Math.floor(seconds / 3600), 'hour', language);
  if (seconds < 7 * 86_400) return formatRelative(-Math.floor(seconds / 86_400), 'day', language);
  return formatDate(new Date(createdAt), language, 'medium', timeZone);
}

/** The badge: the count in the reader's digits, capped ("9+"). */
export function unreadBadge(count: number, language: Language, cap = 9): string {
  return count > cap ? `${formatNumber(cap, language)}+` : formatNumber(count, language);
}
