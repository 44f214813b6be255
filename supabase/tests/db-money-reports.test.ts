/**
 * Money (issue 11), lists and reports: list_invoices (server paging, search by number or guest in
 * Arabic/English folded, filters, sorts, SAR totals of everything matching), list_payments,
 * finance_summary (invoiced vs collected, outstanding, overdue, aging, by method, by month),
 * vat_report (output VAT, credit notes subtracted) and einvoicing_overview, on the seeded demo
 * data: every sum equals the sum of the rows it stands for. And nobody sees what they may not:
 * a member without invoice/payment rights gets refusals, the other organisation gets its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let member1: Db;
let owner2: Db;
let accountant: Db;
let cashier: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
  accountant = (
    await newStaff(stack, {
      org: ORG1,
      permissions: ['invoices.read', 'invoices.write', 'payments.read', 'payments.write'],
      name: 'Accountant',
    })
  ).client;
  cashier = (await newStaff(stack, { org: ORG1, permissions: ['payments.read'], name: 'Cashier' })).client;
});
afterAll(() => stack?.stop());

type Row = {
  id: string;
  invoice_number: string | null;
  document_type: string;
  status: string;
  issue_date: string;
  due_date: string;
  total_amount: number;
  total_amount_sar: number;
  balance_due: number;
  currency: string;
  client: { id: string; name: string } | null;
  buyer_name: string | null;
  days_overdue: number;
  aging: string | null;
};
type List = { total: number; totals: Record<string, number>; rows: Row[] };

const round2 = (n: number) => Math.round(n * 100) / 100;
const sum = (values: number[]) => round2(values.reduce((s, v) => s + v, 0));

async function list(db: Db, args: Record<string, unknown> = {}): Promise<List> {
  const { data, error } = await db.rpc('list_invoices', { page_limit: 1000, ...args });
  expect(error).toBeNull();
  return data as List;
}

/** Every seeded document of org 1, straight from the table (service role). */
async function documents(org = ORG1) {
  const { data } = await svc
    .from('invoices')
    .select(
      'id, invoice_type_code, status, issue_date, due_date, issued_at, subtotal_sar, vat_amount_sar, total_amount_sar, balance_due_sar, paid_amount, refunded_amount, exchange_rate, standard_rated_amount, zero_rated_amount, exempt_amount',
    )
    .eq('organization_id', org)
    .throwOnError();
  return data;
}

function refusal(answer: { error: { code?: string; hint?: string | null } | null; status: number }) {
  return { status: answer.status, code: answer.error?.code, hint: answer.error?.hint };
}

describe('the seed shows every state of the module', () => {
  it('drafts, every status, credit and debit notes, a refund, a standard invoice, AED and USD', async () => {
    const docs = await documents();
    expect(new Set(docs.map((d) => d.status))).toEqual(
      new Set(['draft', 'pending', 'paid', 'overdue', 'cancelled', 'refunded']),
    );
    expect(new Set(docs.map((d) => d.invoice_type_code))).toEqual(new Set(['388', '381', '383']));
    const { data: kinds } = await svc.from('invoices').select('invoice_kind, currency').eq('organization_id', ORG1);
    expect(kinds!.some((k) => k.invoice_kind === 'standard')).toBe(true);
    expect(new Set(kinds!.map((k) => k.currency))).toEqual(new Set(['SAR', 'AED', 'USD']));
    const { data: pays } = await svc.from('payments').select('method, is_refund, paid_at').eq('organization_id', ORG1);
    expect(pays!.some((p) => p.is_refund)).toBe(true);
    expect(new Set(pays!.map((p) => p.method)).size).toBeGreaterThanOrEqual(6);
    const oldest = Math.min(...pays!.map((p) => Date.parse(p.paid_at)));
    expect(Date.now() - oldest).toBeGreaterThan(80 * 86400_000);
    // Issued documents carry consecutive numbers in date order.
    const { data: issued } = await svc
      .from('invoices')
      .select('sequence_number, issued_at')
      .eq('organization_id', ORG1)
      .not('sequence_number', 'is', null)
      .order('sequence_number');
    expect(issued!.map((r) => r.sequence_number)).toEqual(issued!.map((_, i) => i + 1));
    // Org 2 is smaller.
    expect((await documents(ORG2)).length).toBeLessThan(docs.length / 2);
  });
});

describe('list_invoices', () => {
  it('pages on the server; totals are of everything matching (SAR, credit notes negative)', async () => {
    const all = await list(owner1);
    const docs = await documents();
    expect(all.total).toBe(docs.length);
    const sign = (d: { invoice_type_code: string }) => (d.invoice_type_code === '381' ? -1 : 1);
    expect(all.totals.total).toBe(sum(docs.map((d) => sign(d) * d.total_amount_sar!)));
    expect(all.totals.vat).toBe(sum(docs.map((d) => sign(d) * d.vat_amount_sar!)));
    expect(all.totals.balance).toBe(sum(docs.map((d) => d.balance_due_sar!)));
    const first = await list(owner1, { page_limit: 10 });
    expect(first.rows).toHaveLength(10);
    expect(first.totals).toEqual(all.totals);
    const second = await list(owner1, { page_limit: 10, page_offset: 10 });
    expect(second.rows[0]!.id).toBe(all.rows[10]!.id);
    const beyond = await list(owner1, { page_offset: 100000 });
    expect(beyond).toMatchObject({ total: docs.length, rows: [] });
  });

  it('filters by status, document type, issue dates and aging bucket', async () => {
    const overdue = await list(owner1, { statuses: ['overdue'] });
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.rows.every((r) => r.status === 'overdue' && r.days_overdue > 0)).toBe(true);
    const notes = await list(owner1, { document_types: ['credit_note', 'debit_note'] });
    expect(new Set(notes.rows.map((r) => r.document_type))).toEqual(new Set(['credit_note', 'debit_note']));
    const recent = await list(owner1, { date_from: notes.rows[0]!.issue_date, date_to: notes.rows[0]!.issue_date });
    expect(recent.rows.every((r) => r.issue_date === notes.rows[0]!.issue_date)).toBe(true);
    let bucketed = 0;
    for (const aging of ['current', '1_30', '31_60', '60_plus']) {
      const page = await list(owner1, { aging });
      expect(page.rows.every((r) => r.aging === aging && ['pending', 'overdue'].includes(r.status))).toBe(true);
      bucketed += page.total;
    }
    const open = (await documents()).filter((d) => ['pending', 'overdue'].includes(d.status) && d.balance_due_sar! > 0);
    expect(bucketed).toBe(open.length);
  });

  it('sorts by issue date, due date, total and number, both ways', async () => {
    const byTotal = await list(owner1, { sort: 'total', ascending: true });
    const totals = byTotal.rows.map((r) => r.total_amount_sar);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const byDue = await list(owner1, { sort: 'due_date', ascending: false });
    const dues = byDue.rows.map((r) => r.due_date);
    expect(dues).toEqual([...dues].sort().reverse());
    const byNumber = await list(owner1, { sort: 'number', ascending: true, document_types: ['invoice'] });
    const numbers = byNumber.rows.map((r) => r.invoice_number).filter(Boolean) as string[];
    expect(numbers).toEqual([...numbers].sort());
  });

  it('searches by number and by guest or buyer name, Arabic folded like search_clients', async () => {
    const all = await list(owner1);
    const numbered = all.rows.find((r) => r.invoice_number)!;
    const byNumber = await list(owner1, { search: numbered.invoice_number!.slice(-6) });
    expect(byNumber.rows.map((r) => r.id)).toContain(numbered.id);
    const withGuest = all.rows.find((r) => r.client && /[\u0600-\u06FF]/.test(r.client.name))!;
    // أحمد is stored with a hamza; searching احمد finds it (folded), and so does a partial word.
    const guestName = withGuest.client!.name;
    const folded = guestName.replace(/[أإآ]/g, 'ا');
    const byName = await list(owner1, { search: folded });
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r) => r.client && r.client.name.replace(/[أإآ]/g, 'ا').includes(folded))).toBe(true);
    const byBuyer = await list(owner1, { search: 'الأفق' });
    expect(byBuyer.rows.map((r) => r.buyer_name)).toContain('شركة الأفق للاستشارات الإدارية');
    const english = await list(owner1, { search: 'northwind' });
    expect(english.rows).toHaveLength(1);
    expect(english.rows[0]).toMatchObject({ currency: 'USD' });
    expect((await list(owner1, { search: 'zzzz-nothing' })).total).toBe(0);
  });

  it('refuses bad filters with 400 list_filter_invalid / page_invalid', async () => {
    for (const args of [
      { sort: 'name' },
      { aging: '90_plus' },
      { document_types: ['receipt'] },
      { date_from: '2026-02-01', date_to: '2026-01-01' },
    ]) {
      expect(refusal(await owner1.rpc('list_invoices', args))).toEqual({
        status: 400,
        code: '22023',
        hint: 'list_filter_invalid',
      });
    }
    expect(refusal(await owner1.rpc('list_invoices', { page_limit: 0 }))).toMatchObject({ hint: 'page_invalid' });
  });
});

describe('list_payments', () => {
  it('pages payments and refunds newest first; totals are SAR, refunds negative', async () => {
    const { data, error } = await owner1.rpc('list_payments', { page_limit: 5000 });
    expect(error).toBeNull();
    const page = data as {
      total: number;
      totals: { amount: number; payments: number; refunds: number };
      rows: Array<{ paid_at: string; amount_sar: number; is_refund: boolean; method: string; invoice: unknown }>;
    };
    const { data: rows } = await svc.from('payments').select('amount_sar, is_refund').eq('organization_id', ORG1);
    expect(page.total).toBe(rows!.length);
    expect(page.totals.payments).toBe(sum(rows!.filter((r) => !r.is_refund).map((r) => r.amount_sar!)));
    expect(page.totals.refunds).toBe(sum(rows!.filter((r) => r.is_refund).map((r) => r.amount_sar!)));
    expect(page.totals.amount).toBe(round2(page.totals.payments - page.totals.refunds));
    const times = page.rows.map((r) => r.paid_at);
    expect(times).toEqual([...times].sort().reverse());
    const cash = (await owner1.rpc('list_payments', { methods: ['cash'] })).data as typeof page;
    expect(cash.rows.every((r) => r.method === 'cash')).toBe(true);
    // The cashier (payments.read only) lists them too.
    expect(((await cashier.rpc('list_payments', {})).data as typeof page).total).toBe(page.total);
  });
});

describe('finance_summary: every figure is the sum of its rows', () => {
  it('invoiced vs collected, outstanding, overdue, aging, by method and by month', async () => {
    const { data, error } = await owner1.rpc('finance_summary', { date_from: '2020-01-01' });
    expect(error).toBeNull();
    const s = data as {
      invoiced: number;
      collected: number;
      refunded: number;
      outstanding: number;
      overdue: number;
      aging: Record<string, { amount: number; count: number }>;
      by_method: Array<{ method: string; amount: number; count: number }>;
      by_month: Array<{ month: string; invoiced: number; collected: number }>;
    };
    const docs = (await documents()).filter((d) => d.issued_at && d.status !== 'draft');
    const sign = (d: { invoice_type_code: string }) => (d.invoice_type_code === '381' ? -1 : 1);
    expect(s.invoiced).toBe(sum(docs.map((d) => sign(d) * d.total_amount_sar!)));
    const { data: pays } = await svc
      .from('payments')
      .select('amount_sar, is_refund, method')
      .eq('organization_id', ORG1);
    expect(s.collected).toBe(sum(pays!.filter((p) => !p.is_refund).map((p) => p.amount_sar!)));
    expect(s.refunded).toBe(sum(pays!.filter((p) => p.is_refund).map((p) => p.amount_sar!)));
    const open = docs.filter((d) => ['pending', 'overdue'].includes(d.status) && d.balance_due_sar! > 0);
    expect(s.outstanding).toBe(sum(open.map((d) => d.balance_due_sar!)));
    expect(sum(Object.values(s.aging).map((b) => b.amount))).toBe(s.outstanding);
    expect(Object.values(s.aging).reduce((n, b) => n + b.count, 0)).toBe(open.length);
    expect(s.overdue).toBe(round2(s.outstanding - s.aging.current!.amount));
    expect(sum(s.by_method.map((m) => m.amount))).toBe(s.collected);
    expect(sum(s.by_month.map((m) => m.invoiced))).toBe(s.invoiced);
    expect(sum(s.by_month.map((m) => m.collected))).toBe(s.collected);
    // The list's aging filter agrees with the report.
    const overdue30 = await list(owner1, { aging: '1_30' });
    expect(overdue30.total).toBe(s.aging['1_30']!.count);
    expect(overdue30.totals.balance).toBe(s.aging['1_30']!.amount);
  });

  it('a cashier (payments.read) sees collections only; invoices parts are null', async () => {
    const { data } = await cashier.rpc('finance_summary', {});
    expect(data).toMatchObject({ invoiced: null, outstanding: null, aging: null });
    expect((data as { collected: number }).collected).toBeGreaterThan(0);
  });
});

describe('vat_report: output VAT, credit notes subtracted', () => {
  it('rows per document type and categories sum to the net VAT due', async () => {
    const { data, error } = await owner1.rpc('vat_report', { date_from: '2020-01-01' });
    expect(error).toBeNull();
    const r = data as {
      rows: Array<{ document_type: string; count: number; taxable_amount: number; vat_amount: number }>;
      standard_rated: { taxable: number; vat: number };
      exempt: { taxable: number };
      credit_notes: { count: number; taxable: number; vat: number };
      net_vat_due: number;
    };
    const docs = (await documents()).filter((d) => d.issued_at && d.status !== 'draft');
    const byType = (code: string) => docs.filter((d) => d.invoice_type_code === code);
    const row = (type: string) => r.rows.find((x) => x.document_type === type)!;
    expect(row('invoice').count).toBe(byType('388').length);
    expect(row('invoice').vat_amount).toBe(sum(byType('388').map((d) => d.vat_amount_sar!)));
    expect(row('credit_note').vat_amount).toBe(r.credit_notes.vat);
    expect(r.net_vat_due).toBe(
      round2(row('invoice').vat_amount + row('debit_note').vat_amount - row('credit_note').vat_amount),
    );
    expect(r.standard_rated.vat).toBe(r.net_vat_due);
    expect(r.credit_notes.count).toBe(byType('381').length);
  });

  it('an exempt line lands in exempt, not in the VAT', async () => {
    const made = await owner1.rpc('create_invoice', {
      invoice: { lines: [{ description: 'Monthly residential rent', quantity: 1, rate: 3000, vat_category: 'E' }] },
    });
    await owner1.rpc('issue_invoice', { invoice_id: (made.data as { id: string }).id }).throwOnError();
    const today = (made.data as { issue_date: string }).issue_date;
    const { data } = await owner1.rpc('vat_report', { date_from: today, date_to: today });
    expect((data as { exempt: { taxable: number } }).exempt.taxable).toBeGreaterThanOrEqual(3000);
  });
});

describe('einvoicing_overview', () => {
  it('profile, onboarding, counter and queue counts; never a secret', async () => {
    const { data, error } = await owner1.rpc('einvoicing_overview');
    expect(error).toBeNull();
    const o = data as {
      profile_complete: boolean;
      onboarding_status: string;
      counts: Record<string, number>;
      failed: unknown[];
    };
    expect(o).toMatchObject({
      profile_complete: true,
      missing: [],
      onboarding_status: 'not_started',
      last_invoice_counter: 0,
    });
    expect(o.counts.queued).toBeGreaterThan(0);
    expect(o.failed).toHaveLength(1);
    expect(JSON.stringify(o)).not.toMatch(/private_key|secret|token/);
    const { count } = await svc
      .from('einvoicing_submissions')
      .select('*', { count: 'exact', head: true })
      .eq('organization_id', ORG1)
      .eq('status', 'queued');
    expect(o.counts.queued).toBe(count);
  });
});

describe('RLS of every money function', () => {
  it('a member without invoice or payment rights gets refusals, never figures', async () => {
    for (const [fn, args] of [
      ['list_invoices', {}],
      ['list_payments', {}],
      ['finance_summary', {}],
      ['vat_report', {}],
      ['einvoicing_overview', {}],
    ] as const) {
      const answer = await member1.rpc(fn, args);
      expect(answer.status, fn).toBe(403);
      expect(answer.data, fn).toBeNull();
    }
    expect((await cashier.rpc('list_invoices', {})).status).toBe(403);
    expect((await cashier.rpc('vat_report', {})).status).toBe(403);
  });

  it('the other organisation sees only its own documents and sums', async () => {
    const mine = await list(owner1);
    const theirs = await list(owner2);
    const ids = new Set(mine.rows.map((r) => r.id));
    expect(theirs.rows.some((r) => ids.has(r.id))).toBe(false);
    expect(theirs.total).toBe((await documents(ORG2)).length);
    const numbered = mine.rows.find((r) => r.invoice_number)!;
    expect((await list(owner2, { search: numbered.invoice_number! })).rows.every((r) => !ids.has(r.id))).toBe(true);
    const s1 = (await owner1.rpc('finance_summary', { date_from: '2020-01-01' })).data as { collected: number };
    const s2 = (await owner2.rpc('finance_summary', { date_from: '2020-01-01' })).data as { collected: number };
    expect(s2.collected).toBeLessThan(s1.collected);
    // The accountant (invoices and payments only) sees org 1's figures.
    expect((await list(accountant)).total).toBe(mine.total);
  });
});
