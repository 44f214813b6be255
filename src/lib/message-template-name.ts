import { useTranslation } from 'react-i18next';

/**
 * Every organisation starts with the default message templates of migration
 * 20261129500100_message_templates.sql, named once in English in the database. Read on an Arabic
 * screen those names would stay English, so a template still carrying its default name is shown
 * under that name's translation (common.json `message_templates`); a name the organisation chose
 * is shown as written.
 */
export const DEFAULT_TEMPLATE_NAMES = {
  'Booking request received': 'request_received',
  'Booking request confirmed': 'request_confirmed',
  'Booking request declined': 'request_declined',
  'Booking request lapsed': 'request_expired',
  'Review request': 'review_link',
  'Door code': 'door_code',
  'Booking confirmed': 'booking_confirmed',
  'Before arrival': 'pre_arrival',
  'Check-in day': 'check_in_day',
  'Check-out day': 'check_out_day',
  'Invoice issued': 'invoice_issued',
  'Invoice overdue': 'invoice_overdue',
  Welcome: 'welcome',
  Directions: 'directions',
  'Checkout reminder': 'checkout_reminder',
} as const;

export type DefaultTemplateKey = (typeof DEFAULT_TEMPLATE_NAMES)[keyof typeof DEFAULT_TEMPLATE_NAMES];

/** The translation key of a default template's name, or null for a name the organisation chose. */
export function defaultTemplateKey(name: string): DefaultTemplateKey | null {
  return Object.hasOwn(DEFAULT_TEMPLATE_NAMES, name)
    ? DEFAULT_TEMPLATE_NAMES[name as keyof typeof DEFAULT_TEMPLATE_NAMES]
    : null;
}

/** A template's name as the reader should see it: a default name translated, any other as written. */
export function useTemplateName(): (name: string) => string {
  const { t } = useTranslation('common');
  return (name) => {
    const key = defaultTemplateKey(name);
    return key ? t(`message_templates.${key}`) : name;
  };
}
