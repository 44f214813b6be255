/**
 * Reports (issue 17): report_overview's figures on a fixed data set (fixtures/reports.ts) equal
 * numbers computed by hand here — occupancy, ADR and RevPAR with a cancelled stay, an inactive
 * unit and channel-blocked nights, a stay split across a month boundary, the Riyadh day of a
 * booking made at 23:30 UTC, lead time, cancellation rate, the previous period and last year,
 * filters, by unit (one with no night), by channel, by month; money ex VAT net of credit notes and
 * refunds. And who may see what: money parts need their permission, no bookings.read (or a
 * vendor) is 403, another organisation's owner gets nothing of these units, a bad period is 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { newStaff, signInDemo, type Db } from './fixtures/db-accounts';
import { createReportsData, type ReportsData } from './fixtures/reports';

let stack: TestStack;
let data: ReportsData;
let owner: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  data = await createReportsData(stack);
  owner = data.owner;
});
afterAll(() => stack?.stop());

type Figures = Record<string, number | null>;
type Overview = {
  period: { from: string; to: string; days: number };
  previous: { from: string; to: string; days: number };
  last_year: { from: string; to: string; days: number };
  currency: string;
  can: { invoices: boolean; payments: boolean };
  totals: { current: Figures; previous: Figures; last_year: Figures };
  by_month: Array<Figures & { month: string }>;
  by_unit: Array<Figures & { unit_id: string; name: string; name_ar: string; type: string; city: string }>;
  by_source: Array<Figures & { source: string }>;
  filters: {
    units: Array<{ id: string; name: string; name_ar: string; type: string; city: string }>;
    types: string[];
    cities: string[];
    sources: string[];
  };
};

const FEB = { date_from: '2031-02-01', date_to: '2031-02-28' };

async function overview(db: Db, args: Record<string, unknown>): Promise<Overview> {
  const { data: answer, error } = await db.rpc('report_overview', args as never);
  expect(error).toBeNull();
  return answer as unknown as Overview;
}

function refusal(answer: { error: { code?: string; hint?: string | null } | null; status: number }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

// February 2031 (28 days), all four units: 4 × 28 = 112 unit-nights.
// Blocked: Delta inactive 28 + Beta's Airbnb block 10–11 Feb (2) + Alpha's clash 15–16 Feb (2; 14 Feb is S2's) = 32.
// Available 112 − 32 = 80. Sold: S1 2 (1–2 Feb) + S2 5 + S3 9 (20–28 Feb) = 16; S4 is cancelled.
// Room revenue 2×500 + 5×500 + 9×1000 = 12 500. Occupancy 16/80 = 0.2; ADR 12 500/16 = 781.25; RevPAR 12 500/80 = 156.25.
// Bookings made in February (Riyadh): S2 (31 Jan 23:30Z = 1 Feb) and S3 = 2; cancellations: S4 = 1 → 1/3.
// Length of stay (5 + 10)/2 = 7.5; lead time (9 + 15)/2 = 12.
const FEB_TOTALS = {
  available_nights: 80,
  blocked_nights: 32,
  nights_sold: 16,
  occupancy: 0.2,
  adr: 781.25,
  revpar: 156.25,
  revenue_booked: 12500,
  bookings: 2,
  cancellations: 1,
  cancellation_rate: 0.3333,
  avg_length_of_stay: 7.5,
  avg_lead_time_days: 12,
};

describe('report_overview: a month against hand-computed figures', () => {
  it('periods: the month, the 28 days before, the same days last year; SAR; both money parts', async () => {
    const r = await overview(owner, FEB);
    expect(r.period).toEqual({ from: '2031-02-01', to: '2031-02-28', days: 28 });
    expect(r.previous).toEqual({ from: '2031-01-04', to: '2031-01-31', days: 28 });
    expect(r.last_year).toEqual({ from: '2030-02-01', to: '2030-02-28', days: 28 });
    expect(r.currency).toBe('SAR');
    expect(r.can).toEqual({ invoices: true, payments: true });
  });

  it('totals with a cancelled stay, an inactive unit and channel-blocked nights; the booking made at 23:30 UTC is February’s', async () => {
    const r = await overview(owner, FEB);
    // Nothing was invoiced or paid in February 2031 (the documents are today's).
    expect(r.totals.current).toEqual({ ...FEB_TOTALS, revenue_invoiced: 0, revenue_collected: 0 });
  });

  it('previous period (4–31 January): S1’s two January nights and S5; S2 is not January’s booking in Riyadh', async () => {
    const r = await overview(owner, FEB);
    // 112 unit-nights − Delta 28 = 84 available; sold 2 (S1 30–31 Jan) + 2 (S5) = 4; revenue 1000 + 600.
    // Bookings made 4–31 Jan: S1 (10 Jan, lead 20, 4 nights) and S5 (5 Jan, lead 5, 2 nights); S4 is cancelled.
    expect(r.totals.previous).toEqual({
      available_nights: 84,
      blocked_nights: 28,
      nights_sold: 4,
      occupancy: 0.0476,
      adr: 400,
      revpar: 19.05,
      revenue_booked: 1600,
      revenue_invoiced: 0,
      revenue_collected: 0,
      bookings: 2,
      cancellations: 0,
      cancellation_rate: 0,
      avg_length_of_stay: 3,
      avg_lead_time_days: 12.5,
    });
  });

  it('last year (February 2030): S6’s three nights; no booking made then', async () => {
    const r = await overview(owner, FEB);
    expect(r.totals.last_year).toEqual({
      available_nights: 84,
      blocked_nights: 28,
      nights_sold: 3,
      occupancy: 0.0357,
      adr: 500,
      revpar: 17.86,
      revenue_booked: 1500,
      revenue_invoiced: 0,
      revenue_collected: 0,
      bookings: 0,
      cancellations: 0,
      cancellation_rate: null,
      avg_length_of_stay: null,
      avg_lead_time_days: null,
    });
  });

  it('by unit: every unit, Gamma with no night, Delta with none available', async () => {
    const r = await overview(owner, FEB);
    const byName = Object.fromEntries(r.by_unit.map((u) => [u.name, u]));
    expect(r.by_unit.map((u) => u.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(byName.Alpha).toMatchObject({
      unit_id: data.units.A,
      name_ar: 'Alpha ع',
      type: 'apartment',
      city: 'Riyadh',
      available_nights: 26,
      blocked_nights: 2,
      nights_sold: 7,
      occupancy: 0.2692,
      adr: 500,
      revpar: 134.62,
      revenue_booked: 3500,
      bookings: 1,
      cancellations: 0,
      avg_lead_time_days: 9,
    });
    expect(byName.Beta).toMatchObject({
      available_nights: 26,
      blocked_nights: 2,
      nights_sold: 9,
      occupancy: 0.3462,
      adr: 1000,
      revpar: 346.15,
      revenue_booked: 9000,
      bookings: 1,
      cancellations: 1,
      cancellation_rate: 0.5,
      avg_length_of_stay: 10,
      avg_lead_time_days: 15,
    });
    expect(byName.Gamma).toMatchObject({
      available_nights: 28,
      blocked_nights: 0,
      nights_sold: 0,
      occupancy: 0,
      adr: null,
      revpar: 0,
      revenue_booked: 0,
      bookings: 0,
    });
    expect(byName.Delta).toMatchObject({
      available_nights: 0,
      blocked_nights: 28,
      nights_sold: 0,
      occupancy: null,
      revpar: null,
    });
  });

  it('by channel: every source, each a share of all 80 available nights', async () => {
    const r = await overview(owner, FEB);
    expect(r.by_source.map((s) => s.source)).toEqual(['direct', 'airbnb', 'booking_com', 'other']);
    const bySource = Object.fromEntries(r.by_source.map((s) => [s.source, s]));
    expect(bySource.direct).toMatchObject({
      available_nights: 80,
      nights_sold: 2,
      occupancy: 0.025,
      revenue_booked: 1000,
      bookings: 0,
      cancellations: 1,
      cancellation_rate: 1,
    });
    expect(bySource.airbnb).toMatchObject({ nights_sold: 5, occupancy: 0.0625, revenue_booked: 2500, bookings: 1 });
    expect(bySource.booking_com).toMatchObject({
      nights_sold: 9,
      occupancy: 0.1125,
      revenue_booked: 9000,
      bookings: 1,
    });
    expect(bySource.other).toMatchObject({ available_nights: 80, nights_sold: 0, revenue_booked: 0, bookings: 0 });
  });

  it('by month: S1 split between January (2 nights) and February (2 nights)', async () => {
    const r = await overview(owner, { date_from: '2031-01-01', date_to: '2031-02-28' });
    expect(r.by_month.map((m) => m.month)).toEqual(['2031-01', '2031-02']);
    // January: 4 × 31 = 124 − Delta 31 = 93 available; S1 30–31 Jan + S5 = 4 nights, 1600; bookings S1, S5.
    expect(r.by_month[0]).toMatchObject({
      available_nights: 93,
      blocked_nights: 31,
      nights_sold: 4,
      revenue_booked: 1600,
      bookings: 2,
      cancellations: 0,
    });
    expect(r.by_month[1]).toMatchObject(FEB_TOTALS);
    // The two months make the period.
    expect(r.totals.current).toMatchObject({
      available_nights: 173,
      nights_sold: 20,
      revenue_booked: 14100,
      bookings: 4,
    });
  });
});

describe('report_overview: filters', () => {
  it('a unit: Alpha only', async () => {
    const r = await overview(owner, { ...FEB, unit_ids: [data.units.A] });
    expect(r.totals.current).toMatchObject({
      available_nights: 26,
      blocked_nights: 2,
      nights_sold: 7,
      revenue_booked: 3500,
      bookings: 1,
    });
    expect(r.by_unit.map((u) => u.unit_id)).toEqual([data.units.A]);
    // The pickers still list everything the organisation has.
    expect(r.filters.units.map((u) => u.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect([...r.filters.types].sort()).toEqual(['apartment', 'chalet', 'studio', 'villa']);
    expect([...r.filters.cities].sort()).toEqual(['Abha', 'Jeddah', 'Riyadh']);
    expect(r.filters.sources).toEqual(['direct', 'airbnb', 'booking_com', 'other']);
  });

  it('a type (villa: Beta) and a city (Riyadh: Alpha and Gamma)', async () => {
    const villa = await overview(owner, { ...FEB, unit_types: ['villa'] });
    expect(villa.totals.current).toMatchObject({
      available_nights: 26,
      nights_sold: 9,
      revenue_booked: 9000,
      cancellations: 1,
    });
    const riyadh = await overview(owner, { ...FEB, cities: ['Riyadh'] });
    expect(riyadh.totals.current).toMatchObject({
      available_nights: 54,
      blocked_nights: 2,
      nights_sold: 7,
      occupancy: 0.1296,
      revenue_booked: 3500,
    });
    expect(riyadh.by_unit.map((u) => u.name)).toEqual(['Alpha', 'Gamma']);
  });

  it('a source (airbnb): its nights against every available night; only its row by channel', async () => {
    const r = await overview(owner, { ...FEB, sources: ['airbnb'] });
    expect(r.totals.current).toMatchObject({
      available_nights: 80,
      blocked_nights: 32,
      nights_sold: 5,
      occupancy: 0.0625,
      revenue_booked: 2500,
      bookings: 1,
      cancellations: 0,
      cancellation_rate: 0,
    });
    expect(r.by_source.map((s) => s.source)).toEqual(['airbnb']);
    expect(r.by_unit).toHaveLength(4);
  });
});

describe('report_overview: money (documents issued and paid today)', () => {
  it('invoiced net of VAT and of the credit note; collected net of VAT and of the refund', async () => {
    const today = { date_from: data.today, date_to: data.today };
    const r = await overview(owner, today);
    // Invoiced: 2600 + 10 200 − 400 = 12 400. Collected: (2990 + 1150 − 460) / 1.15 = 3200.
    expect(r.totals.current).toMatchObject({ revenue_invoiced: 12400, revenue_collected: 3200 });
    // Alpha's documents only (S2): 2600 − 400; collected 2600 − 400.
    const alpha = await overview(owner, { ...today, unit_ids: [data.units.A] });
    expect(alpha.totals.current).toMatchObject({ revenue_invoiced: 2200, revenue_collected: 2200 });
    const byUnit = Object.fromEntries(r.by_unit.map((u) => [u.name, u]));
    expect(byUnit.Beta).toMatchObject({ revenue_invoiced: 10200, revenue_collected: 1000 });
    const booking = await overview(owner, { ...today, sources: ['booking_com'] });
    expect(booking.totals.current).toMatchObject({ revenue_invoiced: 10200, revenue_collected: 1000 });
  });

  it('a member without invoices.read gets revenue_invoiced null; without payments.read, collected null', async () => {
    const reader = await newStaff(stack, {
      org: data.org,
      permissions: ['bookings.read', 'units.read', 'payments.read'],
    });
    const r = await overview(reader.client, { date_from: data.today, date_to: data.today });
    expect(r.can).toEqual({ invoices: false, payments: true });
    expect(r.totals.current.revenue_invoiced).toBeNull();
    expect(r.totals.current.revenue_collected).toBe(3200);
    const onlyBookings = await newStaff(stack, { org: data.org, permissions: ['bookings.read', 'units.read'] });
    const feb = await overview(onlyBookings.client, FEB);
    expect(feb.totals.current).toEqual({ ...FEB_TOTALS, revenue_invoiced: null, revenue_collected: null });
    expect(feb.by_unit.every((u) => u.revenue_invoiced === null && u.revenue_collected === null)).toBe(true);
  });
});

describe('report_overview: who may ask', () => {
  it('no bookings.read → 403; a vendor → 403', async () => {
    const unitsOnly = await newStaff(stack, { org: data.org, permissions: ['units.read', 'invoices.read'] });
    expect(refusal(await unitsOnly.client.rpc('report_overview', FEB))).toEqual({
      status: 403,
      code: '42501',
      hint: 'permission_denied',
    });
    const vendor = await signInDemo(stack, 'vendor1');
    expect(refusal(await vendor.rpc('report_overview', FEB))).toEqual({
      status: 403,
      code: '42501',
      hint: 'permission_denied',
    });
  });

  it('another organisation’s owner passing these unit ids gets nothing of them', async () => {
    const owner2 = await signInDemo(stack, 'owner2');
    const r = await overview(owner2, { ...FEB, unit_ids: Object.values(data.units) });
    expect(r.by_unit).toEqual([]);
    expect(r.totals.current).toMatchObject({ available_nights: 0, nights_sold: 0, revenue_booked: 0, bookings: 0 });
    expect(r.filters.units.some((u) => Object.values(data.units).includes(u.id))).toBe(false);
  });

  it('an inverted or over-ten-year period → 400 report_period_invalid', async () => {
    for (const args of [
      { date_from: '2031-02-28', date_to: '2031-02-01' },
      { date_from: '2020-01-01', date_to: '2031-01-01' },
    ]) {
      expect(refusal(await owner.rpc('report_overview', args))).toEqual({
        status: 400,
        code: '22023',
        hint: 'report_period_invalid',
      });
    }
  });
});
