/**
 * Money screens on the demo data ×10 (issue 11): one invoice per bench stay (~45,000 documents of
 * the demo organisation with ~90,000 lines and ~35,000 payments, some credit notes), then the
 * invoices list (pages, filters, aging, searches, sorts), the payments list, the financial report
 * (aging buckets included), the VAT report and the invoice page, as the demo owner (RLS on).
 */
import type { BenchContext, BenchRow, BenchSection } from '../harness';
import { expectPage, prepare, runCases, type ListCase } from '../bookings-clients-bench';
import { DEMO_ORG_ID } from '../scale-seed';

/**
 * Invoices for the bench stays, written like scale-seed writes stays: one transaction with
 * `session_replication_role = replica` (no row triggers), so every derived column is computed here
 * as the triggers would (numbers continue the organisation's counter in stay order, 15 % VAT,
 * paid/balance/status). Past stays are paid (80 %), half paid (10 %) or unpaid (overdue); current
 * and future ones issued and unpaid; 1 in 50 gets a credit note of 100 + VAT. Idempotent.
 */
const GROW_INVOICES = `
begin;
set local session_replication_role = replica;

create temporary table bench_docs on commit drop as
select b.id as booking_id, b.client_id, b.check_in, b.check_out, b.status, b.price_per_night, b.cleaning_fee,
       b.booking_reference, b.created_at,
       (select c.last_invoice_number from private.organization_counters c where c.organization_id = b.organization_id)
         + row_number() over (order by b.created_at, b.id) as seq,
       row_number() over (order by b.created_at, b.id) as n
from public.bookings b
where b.organization_id = '${DEMO_ORG_ID}' and b.booking_reference like 'BN-%'
  and not exists (select 1 from public.invoices i where i.booking_id = b.id);

insert into public.invoices (id, organization_id, sequence_number, invoice_number, client_id, booking_id, status,
                             currency, exchange_rate, issue_date, issue_time, issued_at, due_date, subtotal, vat_rate,
                             vat_amount, total_amount, paid_amount, balance_due, standard_rated_amount, buyer_name,
                             seller_name, seller_name_en, seller_vat_number, seller_commercial_registration,
                             invoice_kind, invoice_type_code, zatca_status, paid_at, created_at, updated_at)
select gen_random_uuid(), '${DEMO_ORG_ID}', d.seq, 'INV-' || lpad(d.seq::text, 6, '0'), d.client_id, d.booking_id,
       (case when d.check_in > current_date then 'pending'
             when d.n % 10 < 8 then 'paid'
             when d.n % 10 = 8 then (case when d.check_in < current_date then 'overdue' else 'pending' end)
             else (case when d.check_in < current_date then 'overdue' else 'pending' end) end)::public.invoice_status,
       'SAR', 1, least(d.created_at, now())::date, '12:00:00', least(d.created_at, now()), d.check_in,
       x.subtotal, 0.15, x.vat, x.subtotal + x.vat,
       case when d.check_in > current_date then 0 when d.n % 10 < 8 then x.subtotal + x.vat
            when d.n % 10 = 8 then round((x.subtotal + x.vat) / 2, 2) else 0 end,
       0, x.subtotal, c.name, 'شركة نزل للإقامات القصيرة', 'Nuzl Short Stays Company', '310123456700003', '1010123456',
       'simplified', '388', case when d.check_in < current_date - 7 then 'reported' else 'queued' end,
       case when d.check_in <= current_date and d.n % 10 < 8 then d.check_in::timestamptz end,
       d.created_at, d.created_at
from bench_docs d
join public.clients c on c.id = d.client_id
cross join lateral (select d.price_per_night * 2 + d.cleaning_fee as subtotal,
                           round((d.price_per_night * 2 + d.cleaning_fee) * 0.15, 2) as vat) x;

update public.invoices i set balance_due = i.total_amount - i.paid_amount
where i.organization_id = '${DEMO_ORG_ID}' and i.booking_id in (select booking_id from bench_docs);

insert into public.invoice_items (organization_id, invoice_id, description, description_ar, quantity, rate, position)
select '${DEMO_ORG_ID}'::uuid, i.id, 'Stay — 2 nights (' || d.booking_reference || ')', 'إقامة — ليلتان (' || d.booking_reference || ')',
       2, d.price_per_night, 0
from bench_docs d join public.invoices i on i.booking_id = d.booking_id
union all
select '${DEMO_ORG_ID}'::uuid, i.id, 'Cleaning fee', 'رسوم التنظيف', 1, d.cleaning_fee, 1
from bench_docs d join public.invoices i on i.booking_id = d.booking_id;

insert into public.payments (organization_id, invoice_id, method, amount, reference_number, paid_at, currency,
                             exchange_rate, is_partial, remaining_balance, created_at)
select '${DEMO_ORG_ID}', i.id, (array['cash','bank_transfer','credit_card','mada','apple_pay','stc_pay','visa','mastercard'])[1 + d.n % 8]::public.payment_method,
       i.paid_amount, 'PAY-' || d.booking_reference, d.check_in::timestamptz + interval '13 hours', 'SAR', 1,
       i.balance_due > 0, i.balance_due, d.check_in::timestamptz + interval '13 hours'
from bench_docs d join public.invoices i on i.booking_id = d.booking_id
where i.paid_amount > 0;

-- Credit notes of 100 + 15 % on one stay in fifty (unpaid ones: on their balance).
insert into public.invoices (id, organization_id, sequence_number, invoice_number, client_id, booking_id, status,
                             currency, exchange_rate, issue_date, issue_time, issued_at, due_date, subtotal, vat_rate,
                             vat_amount, total_amount, paid_amount, balance_due, standard_rated_amount, buyer_name,
                             invoice_kind, invoice_type_code, original_invoice_id, reason, zatca_status, created_at,
                             updated_at)
select gen_random_uuid(), '${DEMO_ORG_ID}', (select max(d2.seq) from bench_docs d2) + row_number() over (order by d.n),
       'INV-' || lpad(((select max(d2.seq) from bench_docs d2) + row_number() over (order by d.n))::text, 6, '0'),
       i.client_id, i.booking_id, 'paid', 'SAR', 1, least(d.created_at + interval '1 day', now())::date, '12:00:00',
       least(d.created_at + interval '1 day', now()), least(d.created_at + interval '1 day', now())::date, 100, 0.15, 15, 115, 0, 0, 100, i.buyer_name, 'simplified', '381', i.id,
       'Goodwill discount', 'queued', d.created_at + interval '1 day', d.created_at + interval '1 day'
from bench_docs d join public.invoices i on i.booking_id = d.booking_id and i.invoice_type_code = '388'
where d.n % 50 = 7 and i.balance_due >= 115;

update public.invoices i set credited_amount = 115, balance_due = i.balance_due - 115
where i.id in (select c.original_invoice_id from public.invoices c
               where c.invoice_type_code = '381' and c.booking_id in (select booking_id from bench_docs));

update private.organization_counters c
   set last_invoice_number = (select max(i.sequence_number) from public.invoices i where i.organization_id = c.organization_id)
 where c.organization_id = '${DEMO_ORG_ID}';
commit;
`;

/**
 * After the bulk insert, what autovacuum does on its own on a live server (its insert threshold is
 * crossed many times over): statistics and the visibility map, so index-only scans read no heap.
 * Separate statements: VACUUM cannot run inside a transaction or a multi-statement query.
 */
const SETTLE_TABLES = ['public.invoices', 'public.invoice_items', 'public.payments'];

export async function growInvoices(
  ctx: BenchContext,
): Promise<{ invoices: number; payments: number; seconds: number }> {
  const started = performance.now();
  await ctx.stack.db.exec(GROW_INVOICES);
  for (const table of SETTLE_TABLES) {
    // A snapshot another connection of the stack still holds keeps VACUUM from marking the new
    // rows all-visible; autovacuum would come back later, so do we (at most a few times).
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await ctx.stack.db.exec(`vacuum analyze ${table}`);
      const { rows } = await ctx.stack.db.query<{ settled: boolean }>(
        `select relallvisible >= relpages * 0.95 as settled from pg_class where oid = $1::regclass`,
        [table],
      );
      if (rows[0]?.settled) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const { rows } = await ctx.stack.db.query<{ invoices: number; payments: number }>(
    `select (select count(*) from public.invoices where organization_id = $1)::int as invoices,
            (select count(*) from public.payments where organization_id = $1)::int as payments`,
    [DEMO_ORG_ID],
  );
  return { ...rows[0]!, seconds: (performance.now() - started) / 1000 };
}

const expectObject = (key: string) => (data: unknown) => {
  if (!data || typeof data !== 'object' || !(key in (data as object)))
    throw new Error(`expected ${key} in ${JSON.stringify(data).slice(0, 200)}`);
};

/** Array arguments of the money RPCs, typed for the SQL-only run. */
const CASTS = {
  statuses: '::public.invoice_status[]',
  document_types: '::text[]',
  methods: '::public.payment_method[]',
};

const cases: ListCase[] = [
  {
    name: 'invoices page 1 (newest first)',
    rpc: 'list_invoices',
    args: { page_limit: 25 },
    expect: expectPage(40_000),
  },
  {
    name: 'invoices page 400 (offset 9,975)',
    rpc: 'list_invoices',
    args: { page_limit: 25, page_offset: 9_975 },
    expect: expectPage(40_000),
  },
  {
    name: 'invoices overdue',
    rpc: 'list_invoices',
    args: { statuses: ['overdue'], page_limit: 25 },
    expect: expectPage(1_000),
  },
  {
    name: 'invoices aging 31-60 days',
    rpc: 'list_invoices',
    args: { aging: '31_60', page_limit: 25 },
    expect: expectPage(100),
  },
  {
    name: 'invoices credit notes',
    rpc: 'list_invoices',
    args: { document_types: ['credit_note'], page_limit: 25 },
    expect: expectPage(100),
  },
  {
    name: 'invoices sorted by total, largest first',
    rpc: 'list_invoices',
    args: { sort: 'total', page_limit: 25 },
    expect: expectPage(40_000),
  },
  {
    name: 'invoices sorted by due date, oldest first',
    rpc: 'list_invoices',
    args: { sort: 'due_date', ascending: true, page_limit: 25 },
    expect: expectPage(40_000),
  },
  {
    name: 'invoices search number "INV-01234"',
    rpc: 'list_invoices',
    args: { search: 'INV-01234', page_limit: 25 },
    expect: expectPage(1),
  },
  {
    name: 'invoices search guest "bench guest 777"',
    rpc: 'list_invoices',
    args: { search: 'bench guest 777', page_limit: 25 },
    expect: expectPage(1),
  },
  {
    name: 'invoices search Arabic guest "احمد"',
    rpc: 'list_invoices',
    args: { search: 'احمد', page_limit: 25 },
    expect: expectPage(1),
  },
  {
    name: 'invoices issued last 30 days',
    rpc: 'list_invoices',
    args: { date_from: isoDay(-30), page_limit: 25 },
    expect: expectPage(100),
  },
  { name: 'payments page 1', rpc: 'list_payments', args: { page_limit: 25 }, expect: expectPage(30_000) },
  {
    name: 'payments cash, last 90 days',
    rpc: 'list_payments',
    args: { methods: ['cash'], date_from: isoDay(-90), page_limit: 25 },
    expect: expectPage(100),
  },
  {
    name: 'payments export page (5,000 rows)',
    rpc: 'list_payments',
    args: { page_limit: 5_000 },
    expect: expectPage(30_000),
  },
  {
    name: 'finance_summary, last 12 months (aging, by method, by month)',
    rpc: 'finance_summary',
    args: {},
    expect: expectObject('aging'),
  },
  {
    name: 'finance_summary, this month',
    rpc: 'finance_summary',
    args: { date_from: isoDay(-30) },
    expect: expectObject('aging'),
  },
  { name: 'vat_report, this month', rpc: 'vat_report', args: {}, expect: expectObject('net_vat_due') },
  {
    name: 'vat_report, last 12 months',
    rpc: 'vat_report',
    args: { date_from: isoDay(-365) },
    expect: expectObject('net_vat_due'),
  },
  { name: 'einvoicing_overview', rpc: 'einvoicing_overview', args: {}, expect: expectObject('counts') },
];

function isoDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

export const section: BenchSection = {
  name: 'money',
  order: 52,
  async run(ctx) {
    const { owner, rows } = await prepare(ctx, 'money');
    const grown = await growInvoices(ctx);
    const out: BenchRow[] = [
      ...rows,
      {
        section: 'money',
        name: `invoices ×10 ready (${grown.invoices} documents, ${grown.payments} payments)`,
        value: grown.seconds * 1000,
        unit: 'ms',
      },
    ];
    const { rows: one } = await ctx.stack.db.query<{ id: string }>(
      `select id from public.invoices where organization_id = $1 and invoice_type_code = '388'
       order by sequence_number desc limit 1`,
      [DEMO_ORG_ID],
    );
    const withInvoice: ListCase[] = [
      ...cases,
      {
        name: 'get_invoice (the invoice page)',
        rpc: 'get_invoice',
        args: { invoice_id: one[0]!.id },
        expect: expectObject('lines'),
      },
    ];
    out.push(
      ...(await runCases(
        ctx,
        'money',
        owner,
        withInvoice.map((c) => ({ ...c, casts: CASTS })),
      )),
    );
    return out;
  },
};
