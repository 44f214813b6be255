import type { TFunction } from 'i18next';
import type { Language } from '@/lib/i18n';
import type { SpreadsheetSpec } from '@/lib/spreadsheet';
import type { ClientRow } from '../api/get-clients';
import { nationalityName } from './nationalities';

/**
 * The exported clients list (lib/spreadsheet writes it as .xlsx or CSV): headers and values in
 * the user's language, "member since" a date, the bookings count a number, the phone in E.164
 * (text, so a spreadsheet never turns it into a number); an Arabic export reads right to left.
 */
export function clientsSheet(
  rows: readonly ClientRow[],
  t: TFunction,
  language: Language,
  timeZone: string,
): SpreadsheetSpec<ClientRow> {
  return {
    sheetName: t('clients:title'),
    rightToLeft: language === 'ar',
    timeZone,
    rows,
    columns: [
      { header: t('clients:fields.name'), kind: 'text', value: (client) => client.name },
      { header: t('clients:fields.phone'), kind: 'text', value: (client) => client.phone },
      { header: t('clients:fields.email'), kind: 'text', value: (client) => client.email },
      {
        header: t('clients:fields.nationality'),
        kind: 'text',
        value: (client) => nationalityName(client.nationality, language),
      },
      { header: t('clients:fields.national_id'), kind: 'text', value: (client) => client.national_id },
      { header: t('clients:fields.passport_number'), kind: 'text', value: (client) => client.passport_number },
      {
        header: t('clients:fields.preferred_language'),
        kind: 'text',
        value: (client) => t(`clients:languages.${client.preferred_language}`),
      },
      {
        header: t('clients:fields.is_vip'),
        kind: 'text',
        value: (client) => (client.is_vip ? t('clients:export.yes') : t('clients:export.no')),
      },
      { header: t('clients:fields.member_since'), kind: 'date', value: (client) => client.member_since },
      { header: t('clients:table.bookings'), kind: 'integer', value: (client) => client.bookings_count },
    ],
  };
}

/** `clients-2026-11-22` (the extension follows the format). */
export function clientsExportBaseName(today: string): string {
  return `clients-${today}`;
}
