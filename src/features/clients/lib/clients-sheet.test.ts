import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { buildCsv, buildXlsx } from '@/lib/spreadsheet';
import { blobBytes, fromExcelSerial, readXlsx } from '@/test/read-xlsx';
import type { ClientRow } from '../api/get-clients';
import { clientsExportBaseName, clientsSheet } from './clients-sheet';

const client: ClientRow = {
  id: 'c1',
  organization_id: 'o1',
  name: 'محمد القحطاني, الابن',
  email: null,
  phone: '+966501234567',
  nationality: 'SA',
  national_id: '1012345678',
  passport_number: null,
  preferred_language: 'ar',
  is_vip: true,
  member_since: '2025-01-31',
  notes: null,
  created_at: '2025-01-31T10:00:00Z',
  updated_at: '2025-01-31T10:00:00Z',
  bookings_count: 3,
};

beforeAll(async () => {
  await i18n.loadNamespaces('clients');
});

describe('clientsSheet', () => {
  it('as CSV: translated headers and values, quoted where needed, with the BOM Excel needs', () => {
    const csv = buildCsv(clientsSheet([client], i18n.getFixedT('en'), 'en', 'Asia/Riyadh'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Name,Phone,Email,Nationality,National ID,Passport number,Preferred language,VIP,Member since,Bookings',
    );
    expect(row).toBe('"محمد القحطاني, الابن",+966501234567,,Saudi Arabia,1012345678,,Arabic,Yes,2025-01-31,3');
  });

  it('as Excel in Arabic: a right-to-left workbook with Arabic headers, a date and a number', async () => {
    const spec = clientsSheet([client], i18n.getFixedT('ar'), 'ar', 'Asia/Riyadh');
    const sheet = readXlsx(await blobBytes(await buildXlsx(spec)));
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.rows[0]).toEqual([
      'الاسم',
      'رقم الجوال',
      'البريد الإلكتروني',
      'الجنسية',
      'رقم الهوية الوطنية',
      'رقم الجواز',
      'اللغة المفضلة',
      'عميل مميز',
      'عميل منذ',
      'الحجوزات',
    ]);
    expect(sheet.rows[1]?.[0]).toBe('محمد القحطاني, الابن');
    expect(sheet.rows[1]?.[3]).toBe('المملكة العربية السعودية');
    // The phone stays text (a leading + and no rounding); the ID too.
    expect(sheet.cells.get('B2')?.value).toBe('+966501234567');
    expect(sheet.cells.get('E2')?.value).toBe('1012345678');
    expect(fromExcelSerial(sheet.cells.get('I2')?.value as number)).toBe('2025-01-31');
    expect(sheet.cells.get('J2')).toMatchObject({ type: 'n', value: 3 });
  });

  it('names the file by date', () => {
    expect(clientsExportBaseName('2026-11-22')).toBe('clients-2026-11-22');
  });
});
