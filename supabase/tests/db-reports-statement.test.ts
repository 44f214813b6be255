/**
 * Reports (issue 17): unit_statement on the fixed data set of fixtures/reports.ts — a unit's
 * stays in a period (nights split at the period's edge, cleaning fee in the period of the
 * check-in, cancelled stays and Airbnb blocks left out), the documents issued for them (credit
 * notes negative), payments and refunds, totals and net; money parts need their permission; no
 * bookings.read is 403, a unit of another organisation or a made-up one 404, a bad period 400.
 */
import { randomUUID } from 'node:crypto';
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

type Statement = {
  unit: { id: string; name: string; name_ar: string; city: string; tourism_licence_number: string | null };
  period: { from: string; to: string };
  currency: string;
  organization: { name: string; name_ar: string | null; vat_number: string | null };
  stays: Array<{
    booking_id: string;
    booking_reference: string;
    guest_name: string | null;
    check_in: string;
    check_out: string;
    nights_in_period: number;
    room_revenue: number;
    cleaning_fee: number;
    status: string;
  }>;
  invoices: Array<{
    invoice_id: string;
    invoice_number: string;
    issue_date: string;
    document_type: string;
    subtotal: number;
    vat: number;
    total: number;
  }> | null;
  payments: Array<{
    payment_id: string;
    paid_at: string;
    method: string;
    amount: number;
    is_refund: boolean;
    invoice_number: string;
  }> | null;
  totals: Record<string, number | null>;
};

async function statement(db: Db, unitId: string, from: string, to: string): Promise<Statement> {
  const { data: answer, error } = await db.rpc('unit_statement', { unit_id: unitId, date_from: from, date_to: to });
  expect(error).toBeNull();
  return answer as unknown as Statement;
}

function refusal(answer: { error: { code?: string; hint?: string | null } | null; status: number }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

describe('unit_statement: hand-computed', () => {
  it('Alpha in February 2031: S1’s two February nights (its cleaning fee was January’s) and S2', async () => {
    const s = await statement(owner, data.units.A, '2031-02-01', '2031-02-28');
    expect(s.unit).toEqual({
      id: data.units.A,
      name: 'Alpha',
      name_ar: 'Alpha ع',
      city: 'Riyadh',
      tourism_licence_number: null,
    });
    expect(s.period).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(s.currency).toBe('SAR');
    expect(s.organization).toEqual({ name: 'Reports Co', name_ar: 'شركة التقارير', vat_number: '310123456700003' });
    expect(
      s.stays.map((x) => [x.booking_id, x.nights_in_period, x.room_revenue, x.cleaning_fee, x.status, x.guest_name]),
    ).toEqual([
      [data.stays.S1, 2, 1000, 0, 'confirmed', 'Report Guest'],
      [data.stays.S2, 5, 2500, 100, 'confirmed', 'Report Guest'],
    ]);
    expect(s.stays[0]).toMatchObject({ check_in: '2031-01-30', check_out: '2031-02-03' });
    expect(s.stays[0]!.booking_reference).toMatch(/\S/);
    expect(s.invoices).toEqual([]);
    expect(s.payments).toEqual([]);
    expect(s.totals).toEqual({
      room_revenue: 3500,
      cleaning_fees: 100,
      vat: 0,
      invoiced_total: 0,
      payments: 0,
      refunds: 0,
      net: 3600,
    });
  });

  it('Beta in February 2031: S3’s nine February nights; the cancelled stay and the Airbnb block are not stays', async () => {
    const s = await statement(owner, data.units.B, '2031-02-01', '2031-02-28');
    expect(s.stays.map((x) => [x.booking_id, x.nights_in_period, x.room_revenue, x.cleaning_fee])).toEqual([
      [data.stays.S3, 9, 9000, 200],
    ]);
    expect(s.totals).toMatchObject({ room_revenue: 9000, cleaning_fees: 200, net: 9200 });
  });

  it('Alpha from today to February 2031: every stay, the invoice and its credit note, the payment and the refund', async () => {
    const s = await statement(owner, data.units.A, data.today, '2031-02-28');
    expect(s.stays.map((x) => [x.booking_id, x.nights_in_period, x.room_revenue, x.cleaning_fee])).toEqual([
      [data.stays.S6, 3, 1500, 100],
      [data.stays.S1, 4, 2000, 100],
      [data.stays.S2, 5, 2500, 100],
    ]);
    expect(
      s.invoices!.map((d) => [d.invoice_id, d.invoice_number, d.document_type, d.subtotal, d.vat, d.total]),
    ).toEqual([
      [data.invoices.S2.id, data.invoices.S2.number, 'invoice', 2600, 390, 2990],
      [data.invoices.credit.id, data.invoices.credit.number, 'credit_note', -400, -60, -460],
    ]);
    expect(s.invoices!.every((d) => d.issue_date === data.today)).toBe(true);
    expect(s.payments!.map((p) => [p.amount, p.is_refund, p.method, p.invoice_number])).toEqual([
      [2990, false, 'cash', data.invoices.S2.number],
      [460, true, 'cash', data.invoices.S2.number],
    ]);
    expect(s.totals).toEqual({
      room_revenue: 6000,
      cleaning_fees: 300,
      vat: 330,
      invoiced_total: 2530,
      payments: 2990,
      refunds: 460,
      net: 6300,
    });
  });
});

describe('unit_statement: who may ask', () => {
  it('money parts need their permission: payments without invoices.read still name their document', async () => {
    const bookingsOnly = await newStaff(stack, { org: data.org, permissions: ['bookings.read', 'units.read'] });
    const s = await statement(bookingsOnly.client, data.units.A, data.today, '2031-02-28');
    expect(s.stays).toHaveLength(3);
    expect(s.invoices).toBeNull();
    expect(s.payments).toBeNull();
    expect(s.totals).toEqual({
      room_revenue: 6000,
      cleaning_fees: 300,
      vat: null,
      invoiced_total: null,
      payments: null,
      refunds: null,
      net: 6300,
    });
    const cashier = await newStaff(stack, {
      org: data.org,
      permissions: ['bookings.read', 'units.read', 'payments.read'],
    });
    const c = await statement(cashier.client, data.units.A, data.today, '2031-02-28');
    expect(c.invoices).toBeNull();
    expect(c.payments!.map((p) => [p.amount, p.invoice_number])).toEqual([
      [2990, data.invoices.S2.number],
      [460, data.invoices.S2.number],
    ]);
    expect(c.totals).toMatchObject({ payments: 2990, refunds: 460, vat: null });
  });

  it('no bookings.read → 403; a vendor → 403', async () => {
    const unitsOnly = await newStaff(stack, { org: data.org, permissions: ['units.read', 'invoices.read'] });
    const args = { unit_id: data.units.A, date_from: '2031-02-01', date_to: '2031-02-28' };
    expect(refusal(await unitsOnly.client.rpc('unit_statement', args))).toEqual({
      status: 403,
      code: '42501',
      hint: 'permission_denied',
    });
    const vendor = await signInDemo(stack, 'vendor1');
    expect(refusal(await vendor.rpc('unit_statement', args))).toMatchObject({ status: 403, code: '42501' });
  });

  it('another organisation’s unit and a made-up one are both 404', async () => {
    const owner2 = await signInDemo(stack, 'owner2');
    for (const [db, unitId] of [
      [owner2, data.units.A],
      [owner, randomUUID()],
    ] as const) {
      expect(
        refusal(await db.rpc('unit_statement', { unit_id: unitId, date_from: '2031-02-01', date_to: '2031-02-28' })),
      ).toEqual({ status: 404, code: 'PT404', hint: 'not_found' });
    }
  });

  it('an inverted period → 400 report_period_invalid', async () => {
    const answer = await owner.rpc('unit_statement', {
      unit_id: data.units.A,
      date_from: '2031-02-28',
      date_to: '2031-02-01',
    });
    expect(refusal(answer)).toEqual({ status: 400, code: '22023', hint: 'report_period_invalid' });
  });
});
