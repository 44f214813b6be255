-- Money (issue 11): the financial reports of /dashboard/payments, in SAR, as the caller (RLS):
-- a part needs its permission (invoices.read for invoiced, receivables, aging and VAT;
-- payments.read for collections), a caller with neither is refused, and RLS keeps every sum to
-- the caller's organisation. Documents count from their issue date (drafts never), payments from
-- their local payment day; credit notes subtract.

-- A reporting period: defaults to the last twelve months up to today, at most ten years.
create function private.report_period(org uuid, date_from date, date_to date, out first_day date, out last_day date)
language plpgsql
stable
set search_path = ''
as $$
declare
  today date := private.org_today(org);
begin
  last_day := coalesce(date_to, today);
  first_day := coalesce(date_from, (date_trunc('month', last_day) - interval '11 months')::date);
  if not isfinite(first_day) or not isfinite(last_day) or last_day < first_day or last_day - first_day > 3660 then
    perform private.fail('Please check your input and try again.', 'report_period_invalid', '22023');
  end if;
end;
$$;
comment on function private.report_period(uuid, date, date) is
  'A report''s period: the given days, else the last twelve months to today; refuses an inverted or over-ten-year period (400 report_period_invalid).';
revoke all on function private.report_period(uuid, date, date) from public;
grant execute on function private.report_period(uuid, date, date) to authenticated, service_role;

-- finance_summary(date_from, date_to) → {period: {from, to}, invoiced (net of credit notes),
-- credited, collected, refunded, outstanding, overdue, by_method: [{method, amount, count}],
-- aging: {current | 1_30 | 31_60 | 60_plus: {amount, count}}, by_month: [{month: 'YYYY-MM',
-- invoiced, collected}]}. invoiced/credited/outstanding/overdue/aging are null without
-- invoices.read; collected/refunded/by_method null without payments.read (by_month's missing side 0).
-- Outstanding, overdue and aging are as of today (open balances), the rest within the period.
create function public.finance_summary(date_from date default null, date_to date default null)
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
  docs record;
  open_docs record;
  pays record;
  by_method jsonb;
  by_month jsonb;
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
  -- Parts the caller may not see stay null (the records must exist for the answer below).
  select null::numeric as invoiced, null::numeric as credited into docs;
  select null::numeric as outstanding, null::numeric as overdue into open_docs;
  select null::numeric as collected, null::numeric as refunded into pays;

  if can_inv then
    select coalesce(sum(case when i.invoice_type_code = '381' then -i.total_amount_sar else i.total_amount_sar end), 0) as invoiced,
           coalesce(sum(i.total_amount_sar) filter (where i.invoice_type_code = '381'), 0) as credited
      into docs
      from public.invoices i
     where i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
       and i.issue_date between period.first_day and period.last_day;
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
    select coalesce(sum(p.amount_sar) filter (where not p.is_refund), 0) as collected,
           coalesce(sum(p.amount_sar) filter (where p.is_refund), 0) as refunded
      into pays
      from public.payments p
     where p.organization_id = org
       and p.paid_at >= (period.first_day::timestamp at time zone tz)
       and p.paid_at < ((period.last_day + 1)::timestamp at time zone tz);
    select coalesce(jsonb_agg(jsonb_build_object('method', m.method, 'amount', m.amount, 'count', m.n)
                              order by m.amount desc, m.method), '[]'::jsonb)
      into by_method
      from (select p.method, sum(p.amount_sar) as amount, count(*) as n
              from public.payments p
             where p.organization_id = org and not p.is_refund
               and p.paid_at >= (period.first_day::timestamp at time zone tz)
               and p.paid_at < ((period.last_day + 1)::timestamp at time zone tz)
             group by p.method) m;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('month', to_char(months.m, 'YYYY-MM'),
                                               'invoiced', coalesce(inv.amount, 0), 'collected', coalesce(col.amount, 0))
                            order by months.m), '[]'::jsonb)
    into by_month
    from generate_series(date_trunc('month', period.first_day), date_trunc('month', period.last_day), interval '1 month') months(m)
    left join (select date_trunc('month', i.issue_date) as m,
                      sum(case when i.invoice_type_code = '381' then -i.total_amount_sar else i.total_amount_sar end) as amount
                 from public.invoices i
                where can_inv and i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
                  and i.issue_date between period.first_day and period.last_day
                group by 1) inv on inv.m = months.m
    left join (select date_trunc('month', (p.paid_at at time zone tz)::date) as m, sum(p.amount_sar) as amount
                 from public.payments p
                where can_pay and p.organization_id = org and not p.is_refund
                  and p.paid_at >= (period.first_day::timestamp at time zone tz)
                  and p.paid_at < ((period.last_day + 1)::timestamp at time zone tz)
                group by 1) col on col.m = months.m;

  return jsonb_build_object(
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day),
    'invoiced', case when can_inv then docs.invoiced end,
    'credited', case when can_inv then docs.credited end,
    'collected', case when can_pay then pays.collected end,
    'refunded', case when can_pay then pays.refunded end,
    'outstanding', case when can_inv then open_docs.outstanding end,
    'overdue', case when can_inv then open_docs.overdue end,
    'by_method', case when can_pay then by_method end,
    'aging', case when can_inv then jsonb_build_object(
      'current', jsonb_build_object('amount', open_docs.current_amount, 'count', open_docs.current_count),
      '1_30', jsonb_build_object('amount', open_docs.d30_amount, 'count', open_docs.d30_count),
      '31_60', jsonb_build_object('amount', open_docs.d60_amount, 'count', open_docs.d60_count),
      '60_plus', jsonb_build_object('amount', open_docs.older_amount, 'count', open_docs.older_count)) end,
    'by_month', by_month);
end;
$$;
comment on function public.finance_summary(date, date) is
  'Financial report in SAR for a period (default: the last twelve months): invoiced (net of credit notes), credited, collected, refunded, outstanding and overdue now, collections by method, receivables aging (current, 1-30, 31-60, 60+ days) and invoiced vs collected by month. Parts need invoices.read or payments.read.';
revoke all on function public.finance_summary(date, date) from public;
grant execute on function public.finance_summary(date, date) to authenticated, service_role;

-- vat_report(date_from, date_to) → {period: {from, to}, rows: [{document_type, count,
-- taxable_amount, vat_amount}] (invoice, debit_note, credit_note; amounts as issued, positive),
-- standard_rated: {taxable, vat}, zero_rated: {taxable}, exempt: {taxable}, out_of_scope:
-- {taxable} (net of credit notes), credit_notes: {count, taxable, vat}, net_vat_due} in SAR: the
-- output VAT of the documents issued in the period (by issue date; cancelled ones count, as their
-- cancelling credit notes subtract). Needs invoices.read.
create function public.vat_report(date_from date default null, date_to date default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  period record;
  totals record;
  rows jsonb;
begin
  perform private.require_permission('invoices.read');
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  select * into period from private.report_period(org, coalesce(date_from, date_trunc('month', private.org_today(org))::date),
                                                  date_to);

  select coalesce(jsonb_agg(jsonb_build_object('document_type', t.document_type, 'count', coalesce(d.n, 0),
                                               'taxable_amount', coalesce(d.taxable, 0), 'vat_amount', coalesce(d.vat, 0))
                            order by t.ord), '[]'::jsonb)
    into rows
    from (values (1, 'invoice'), (2, 'debit_note'), (3, 'credit_note')) t(ord, document_type)
    left join (select i.document_type, count(*) as n, sum(i.subtotal_sar) as taxable, sum(i.vat_amount_sar) as vat
                 from public.invoices i
                where i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
                  and i.issue_date between period.first_day and period.last_day
                group by i.document_type) d on d.document_type = t.document_type;

  select coalesce(sum(s.sign * round(i.standard_rated_amount * coalesce(i.exchange_rate, 1), 2)), 0) as standard,
         coalesce(sum(s.sign * i.vat_amount_sar), 0) as vat,
         coalesce(sum(s.sign * round(i.zero_rated_amount * coalesce(i.exchange_rate, 1), 2)), 0) as zero,
         coalesce(sum(s.sign * round(i.exempt_amount * coalesce(i.exchange_rate, 1), 2)), 0) as exempt,
         coalesce(sum(s.sign * round(i.out_of_scope_amount * coalesce(i.exchange_rate, 1), 2)), 0) as out_of_scope,
         count(*) filter (where i.invoice_type_code = '381') as credit_count,
         coalesce(sum(i.subtotal_sar) filter (where i.invoice_type_code = '381'), 0) as credit_taxable,
         coalesce(sum(i.vat_amount_sar) filter (where i.invoice_type_code = '381'), 0) as credit_vat
    into totals
    from public.invoices i
    cross join lateral (select case when i.invoice_type_code = '381' then -1 else 1 end as sign) s
   where i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
     and i.issue_date between period.first_day and period.last_day;

  return jsonb_build_object(
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day),
    'rows', rows,
    'standard_rated', jsonb_build_object('taxable', totals.standard, 'vat', totals.vat),
    'zero_rated', jsonb_build_object('taxable', totals.zero),
    'exempt', jsonb_build_object('taxable', totals.exempt),
    'out_of_scope', jsonb_build_object('taxable', totals.out_of_scope),
    'credit_notes', jsonb_build_object('count', totals.credit_count, 'taxable', totals.credit_taxable,
                                       'vat', totals.credit_vat),
    'net_vat_due', totals.vat);
end;
$$;
comment on function public.vat_report(date, date) is
  'Output VAT in SAR of the documents issued in a period (default: this month) by document type, by VAT category (standard, zero-rated, exempt, out of scope; net of credit notes), the credit notes, and the net VAT due (invoices.read).';
revoke all on function public.vat_report(date, date) from public;
grant execute on function public.vat_report(date, date) to authenticated, service_role;
