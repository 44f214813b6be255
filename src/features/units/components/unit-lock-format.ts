import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';

/** The reader's language and the organisation's time zone, for the Lock tab's dates. */
export function useLockFormat() {
  const { i18n } = useTranslation('locks');
  const { timeZone } = useOrganizationSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, dateTime: (value: string) => formatDateTime(value, language, timeZone) };
}
