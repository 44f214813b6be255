-- Money (issue 11): the invoices list, the financial report and the VAT report within 50 ms at the
-- demo data ×10 (≈50,000 documents, ≈34,000 payments in one organisation; scripts/bench
-- sections/money-lists.ts, figures in docs/performance.md).
--
-- What the first version did (EXPLAIN ANALYZE as the demo owner): the list sorted every document
-- of the organisation for each page (no index on issue date, due date or SAR total); the reports
-- read the period's documents and payments five and three times (one query per figure) and,
-- without an issue-date index, every document each time.
--
-- Indexes: one per sort of the list (with the sequence number as tie-breaker, in the order the
-- list asks), the issue date for periods (list filter, reports), and a partial index of the open
-- receivables for aging, outstanding and overdue. Reports: one pass over the period's documents
-- (grouped by month and type) and one over its payments (grouped by method and month), the
-- figures derived from those few groups.
create index invoices_org_issue_date_idx on public.invoices
  (organization_id, issue_date desc, sequence_number desc nulls last, id desc);
create index invoices_org_due_date_idx on public.invoices
  (organization_id, due_date desc, sequence_number desc nulls last, id desc);
create index invoices_org_total_sar_idx on public.invoices
  (organization_id, total_amount_sar desc, sequence_number desc nulls last, id desc);
create index invoices_open_due_idx on public.invoices (organization_id, due_date)
  include (balance_due_sar)
  where status in ('pending', 'overdue') and balance_due > 0;
-- Superseded: (organization_id, status, due_date) served only the old overdue sweep, which the
-- open-receivables index serves now; (organization_id, created_at desc) no query uses any more.
drop index public.invoices_org_status_due_idx;
drop index public.invoices_organization_created_idx;
create index invoices_org_status_idx on public.invoices (organization_id, status);

create or replace function public.finance_summary(date_from date default null, date_to date default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  can_inv boolean := private.has_permission('invoices.read');
  can_pay boolean := private.has_permission('payments.read');
  tz text;
  today date;
  period record;
  docs jsonb := '[]'::jsonb;
  pays jsonb := '[]'::jsonb;
  open_docs record;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not can_inv and not can_pay then
    perform private.fail('Permission denied. Contact administrator.', 'invoices_read_required', '42501');
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = org;
  today := private.org_today(org);
  select * into period from private.report_period(org, date_from, date_to);
  select null::numeric as outstanding into open_docs;

  if can_inv then
    -- One pass over the period's issued documents: signed totals and credit notes per month.
    select coalesce(jsonb_agg(jsonb_build_object('month', g.m, 'invoiced', g.invoiced, 'credited', g.credited)), '[]'::jsonb)
      into docs
      from (select to_char(i.issue_date, 'YYYY-MM') as m,
                   sum(case when i.invoice_type_code = '381' then -i.total_amount_sar else i.total_amount_sar end) as invoiced,
                   coalesce(sum(i.total_amount_sar) filter (where i.invoice_type_code = '381'), 0) as credited
              from public.invoices i
             where i.organization_id = org and i.issue_date between period.first_day and period.last_day
               and i.issued_at is not null and i.status <> 'draft'
             group by 1) g;
    -- Open receivables as of today, through their partial index.
    select coalesce(sum(i.balance_due_sar), 0) as outstanding,
           coalesce(sum(i.balance_due_sar) filter (where i.due_date < today), 0) as overdue,
           coalesce(sum(i.balance_due_sar) filter (where i.due_date >= today), 0) as current_amount,
           count(*) filter (where i.due_date >= today) as current_count,
           coalesce(sum(i.balance_due_sar) filter (where i.due_date between today - 30 and today - 1), 0) as d30_amount,
           count(*) filter (where i.due_date between today - 30 and today - 1) as d30_count,
           coalesce(sum(i.balance_due_sar) filter (where i.due_date between today - 60 and today - 31), 0) as d60_amount,
           count(*) filter (where i.due_date between today - 60 and today - 31) as d60_count,
           coalesce(sum(i.balance_due_sar) filter (where i.due_date < today - 60), 0) as older_amount,
           count(*) filter (where i.due_date < today - 60) as older_count
      into open_docs
      from public.invoices i
     where i.organization_id = org and i.status in ('pending', 'overdue') and i.balance_due > 0;
  end if;

  if can_pay then
    -- One pass over the period's payments: per method, month and direction.
    select coalesce(jsonb_agg(jsonb_build_object('method', g.method, 'month', g.m, 'refund', g.is_refund,
                                                 'amount', g.amount, 'count', g.n)), '[]'::jsonb)
      into pays
      from (select p.method, to_char((p.paid_at at time zone tz)::date, 'YYYY-MM') as m, p.is_refund,
                   sum(p.amount_sar) as amount, count(*) as n
              from public.payments p
             where p.organization_id = org
               and p.paid_at >= (period.first_day::timestamp at time zone tz)
               and p.paid_at < ((period.last_day + 1)::timestamp at time zone tz)
             group by 1, 2, 3) g;
  end if;

  return jsonb_build_object(
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day),
    'invoiced', case when can_inv then (select coalesce(sum((d ->> 'invoiced')::numeric), 0) from jsonb_array_elements(docs) d) end,
    'credited', case when can_inv then (select coalesce(sum((d ->> 'credited')::numeric), 0) from jsonb_array_elements(docs) d) end,
    'collected', case when can_pay then (select coalesce(sum((p ->> 'amount')::numeric), 0) from jsonb_array_elements(pays) p
                                         where not (p ->> 'refund')::boolean) end,
    'refunded', case when can_pay then (select coalesce(sum((p ->> 'amount')::numeric), 0) from jsonb_array_elements(pays) p
                                        where (p ->> 'refund')::boolean) end,
    'outstanding', case when can_inv then open_docs.outstanding end,
    'overdue', case when can_inv then open_docs.overdue end,
    'by_method', case when can_pay then (
      select coalesce(jsonb_agg(jsonb_build_object('method', x.method, 'amount', x.amount, 'count', x.n)
                                order by x.amount desc, x.method), '[]'::jsonb)
      from (select p ->> 'method' as method, sum((p ->> 'amount')::numeric) as amount, sum((p ->> 'count')::integer) as n
              from jsonb_array_elements(pays) p where not (p ->> 'refund')::boolean group by 1) x) end,
    'aging', case when can_inv then jsonb_build_object(
      'current', jsonb_build_object('amount', open_docs.current_amount, 'count', open_docs.current_count),
      '1_30', jsonb_build_object('amount', open_docs.d30_amount, 'count', open_docs.d30_count),
      '31_60', jsonb_build_object('amount', open_docs.d60_amount, 'count', open_docs.d60_count),
      '60_plus', jsonb_build_object('amount', open_docs.older_amount, 'count', open_docs.older_count)) end,
    'by_month', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'month', to_char(months.m, 'YYYY-MM'),
               'invoiced', coalesce((select sum((d ->> 'invoiced')::numeric) from jsonb_array_elements(docs) d
                                     where d ->> 'month' = to_char(months.m, 'YYYY-MM')), 0),
               'collected', coalesce((select sum((p ->> 'amount')::numeric) from jsonb_array_elements(pays) p
                                      where p ->> 'month' = to_char(months.m, 'YYYY-MM')
                                        and not (p ->> 'refund')::boolean), 0))
             order by months.m), '[]'::jsonb)
      from generate_series(date_trunc('month', period.first_day), date_trunc('month', period.last_day),
                           interval '1 month') months(m)));
end;
$$;
comment on function public.finance_summary(date, date) is
  'Financial report in SAR for a period (default: the last twelve months): invoiced (net of credit notes), credited, collected, refunded, outstanding and overdue now, collections by method, receivables aging (current, 1-30, 31-60, 60+ days) and invoiced vs collected by month. Parts need invoices.read or payments.read. One pass over the documents and one over the payments.';

-- A figure of the VAT report net of credit notes: invoices + debit notes − credit notes.
create function private.vat_net(groups jsonb, figure text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select coalesce((groups -> 'invoice' ->> figure)::numeric, 0) + coalesce((groups -> 'debit_note' ->> figure)::numeric, 0)
         - coalesce((groups -> 'credit_note' ->> figure)::numeric, 0)
$$;
comment on function private.vat_net(jsonb, text) is
  'A VAT report figure net of credit notes, from the per-document-type sums: invoices + debit notes − credit notes.';
revoke all on function private.vat_net(jsonb, text) from public;
grant execute on function private.vat_net(jsonb, text) to authenticated, service_role;

create or replace function public.vat_report(date_from date default null, date_to date default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  period record;
  groups jsonb;
begin
  perform private.require_permission('invoices.read');
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  select * into period from private.report_period(org, coalesce(date_from, date_trunc('month', private.org_today(org))::date),
                                                  date_to);

  -- One pass over the period's issued documents, grouped by document type.
  select coalesce(jsonb_object_agg(g.document_type, to_jsonb(g)), '{}'::jsonb)
    into groups
    from (select i.document_type, count(*) as n, sum(i.subtotal_sar) as taxable, sum(i.vat_amount_sar) as vat,
                 sum(round(i.standard_rated_amount * coalesce(i.exchange_rate, 1), 2)) as standard,
                 sum(round(i.zero_rated_amount * coalesce(i.exchange_rate, 1), 2)) as zero,
                 sum(round(i.exempt_amount * coalesce(i.exchange_rate, 1), 2)) as exempt,
                 sum(round(i.out_of_scope_amount * coalesce(i.exchange_rate, 1), 2)) as out_of_scope
            from public.invoices i
           where i.organization_id = org and i.issue_date between period.first_day and period.last_day
             and i.issued_at is not null and i.status <> 'draft'
           group by i.document_type) g;

  return jsonb_build_object(
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day),
    'rows', (select jsonb_agg(jsonb_build_object('document_type', t.document_type,
                                                 'count', coalesce((groups -> t.document_type ->> 'n')::integer, 0),
                                                 'taxable_amount', coalesce((groups -> t.document_type ->> 'taxable')::numeric, 0),
                                                 'vat_amount', coalesce((groups -> t.document_type ->> 'vat')::numeric, 0))
                              order by t.ord)
             from (values (1, 'invoice'), (2, 'debit_note'), (3, 'credit_note')) t(ord, document_type)),
    'standard_rated', jsonb_build_object('taxable', private.vat_net(groups, 'standard'), 'vat', private.vat_net(groups, 'vat')),
    'zero_rated', jsonb_build_object('taxable', private.vat_net(groups, 'zero')),
    'exempt', jsonb_build_object('taxable', private.vat_net(groups, 'exempt')),
    'out_of_scope', jsonb_build_object('taxable', private.vat_net(groups, 'out_of_scope')),
    'credit_notes', jsonb_build_object('count', coalesce((groups -> 'credit_note' ->> 'n')::integer, 0),
                                       'taxable', coalesce((groups -> 'credit_note' ->> 'taxable')::numeric, 0),
                                       'vat', coalesce((groups -> 'credit_note' ->> 'vat')::numeric, 0)),
    'net_vat_due', private.vat_net(groups, 'vat'));
end;
$$;
comment on function public.vat_report(date, date) is
  'Output VAT in SAR of the documents issued in a period (default: this month) by document type, by VAT category (standard, zero-rated, exempt, out of scope; net of credit notes), the credit notes, and the net VAT due (invoices.read). One pass over the period''s documents.';

