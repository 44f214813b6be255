import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { buildCsv } from '@/lib/spreadsheet';
import type { Figures, ReportOverview } from '../api/get-report-overview';
import { byUnitSheet, exportBaseName } from './reports-sheet';

const figures: Figures = {
  available_nights: 31,
  blocked_nights: 2,
  nights_sold: 12,
  occupancy: 0.41379,
  adr: 450,
  revpar: 186.21,
  revenue_booked: 5400,
  revenue_invoiced: null,
  revenue_collected: 3000,
  bookings: 3,
  cancellations: 1,
  cancellation_rate: 0.25,
  avg_length_of_stay: 4,
  avg_lead_time_days: 9.5,
};

const row = {
  unit_id: 'u1',
  name: 'Palm Villa',
  name_ar: 'فيلا النخيل',
  type: 'villa' as const,
  city: 'Riyadh',
  ...figures,
};
const report = { can: { invoices: false, payments: true } } as ReportOverview;

describe('byUnitSheet', () => {
  it('names each number’s unit in the header, writes ratios as percentages and leaves out money the role cannot read', () => {
    const t = i18n.getFixedT('en', 'reports');
    const csv = buildCsv(byUnitSheet(report, [row], { t, language: 'en', timeZone: 'Asia/Riyadh', currency: 'SAR' }));
    const [header, values] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'Unit,Type,City,Nights sold,Available nights,Blocked nights,Occupancy (%),ADR (average daily rate) (SAR),' +
        'RevPAR (revenue per available night) (SAR),Revenue booked (SAR),Revenue collected (SAR),Bookings,Cancellations',
    );
    expect(values).toBe('Palm Villa,Villa,Riyadh,12,31,2,41.38,450.00,186.21,5400.00,3000.00,3,1');
  });

  it('uses the Arabic names and a right-to-left sheet in Arabic', () => {
    const t = i18n.getFixedT('ar', 'reports');
    const sheet = byUnitSheet(report, [row], { t, language: 'ar', timeZone: 'Asia/Riyadh', currency: 'SAR' });
    expect(sheet.rightToLeft).toBe(true);
    expect(buildCsv(sheet)).toContain('فيلا النخيل,فيلا,Riyadh');
    expect(exportBaseName('by-unit', { from: '2026-10-01', to: '2026-10-31' })).toBe(
      'report-by-unit_2026-10-01_2026-10-31',
    );
  });
});
