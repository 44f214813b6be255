import type { TFunction } from 'i18next';
import { toCsv, withBom } from '@/lib/csv';
import type { Language } from '@/lib/i18n';
import type { ClientRow } from '../api/get-clients';
import { nationalityName } from './nationalities';

export type ClientExportFormat = 'csv' | 'excel';

/**
 * The exported list: headers and values in the user's language, dates as ISO days (sortable in
 * any spreadsheet), the phone in E.164. "Excel" is the same CSV with a UTF-8 byte-order mark,
 * without which Excel reads Arabic as mojibake.
 */
export function buildClientsCsv(
  rows: readonly ClientRow[],
  format: ClientExportFormat,
  t: TFunction,
  language: Language,
): string {
  const header = [
    t('clients:fields.name'),
    t('clients:fields.phone'),
    t('clients:fields.email'),
    t('clients:fields.nationality'),
    t('clients:fields.national_id'),
    t('clients:fields.passport_number'),
    t('clients:fields.preferred_language'),
    t('clients:fields.is_vip'),
    t('clients:fields.member_since'),
    t('clients:table.bookings'),
  ];
  const body = rows.map((client) => [
    client.name,
    client.phone,
    client.email,
    nationalityName(client.nationality, language),
    client.national_id,
    client.passport_number,
    t(`clients:languages.${client.preferred_language}`),
    client.is_vip ? t('clients:export.yes') : t('clients:export.no'),
    client.member_since,
    client.bookings_count,
  ]);
  const csv = toCsv(header, body);
  return format === 'excel' ? withBom(csv) : csv;
}

export function clientsExportFileName(format: ClientExportFormat, today: string): string {
  return format === 'excel' ? `clients-${today}-excel.csv` : `clients-${today}.csv`;
}

/** Hands a text file to the browser as a download. */
export function downloadTextFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
