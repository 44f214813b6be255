import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { ClientRow } from '../api/get-clients';
import { buildClientsCsv, clientsExportFileName } from './clients-csv';

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

describe('buildClientsCsv', () => {
  it('writes translated headers and values, quoting what needs it, without BOM for CSV', () => {
    const csv = buildClientsCsv([client], 'csv', i18n.getFixedT('en'), 'en');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'Name,Phone,Email,Nationality,National ID,Passport number,Preferred language,VIP,Member since,Bookings',
    );
    expect(row).toBe('"محمد القحطاني, الابن",+966501234567,,Saudi Arabia,1012345678,,Arabic,Yes,2025-01-31,3');
  });

  it('starts the Excel file with a UTF-8 BOM and keeps Arabic headers intact', () => {
    const csv = buildClientsCsv([client], 'excel', i18n.getFixedT('ar'), 'ar');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'الاسم,رقم الجوال,البريد الإلكتروني,الجنسية,رقم الهوية الوطنية,رقم الجواز,اللغة المفضلة,عميل مميز,عميل منذ,الحجوزات',
    );
    expect(csv).toContain('المملكة العربية السعودية');
  });

  it('names the files by date and kind', () => {
    expect(clientsExportFileName('csv', '2026-11-22')).toBe('clients-2026-11-22.csv');
    expect(clientsExportFileName('excel', '2026-11-22')).toBe('clients-2026-11-22-excel.csv');
  });
});
