import { useTranslation } from 'react-i18next';
import { useOrganizationSettings } from '@/lib/auth/organization-settings';
import { formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';

/** A timestamp in the reader's language and the organisation's time zone. */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  return (value: string) => formatDateTime(value, language, timeZone);
}
