-- Money (issue 11): the invoices and payments lists, paged on the server, as the caller (RLS).
--
-- Search by document number or by guest / buyer name (Arabic and English folded like
-- search_clients). As docs/performance.md explains, LIKE cannot use an index under RLS (it is not
-- leakproof), so a search of 3+ characters is first resolved into ids by SECURITY DEFINER helpers
-- that look only into the caller's own organisation and only when its select policy would let
-- them read it; the page and the totals are then read under RLS by id.

-- Trigram indexes for the number and buyer-name search.
create index invoices_number_trgm_idx on public.invoices using gin (invoice_number extensions.gin_trgm_ops);
create index invoices_buyer_name_trgm_idx on public.invoices
  using gin (private.fold_search(buyer_name) extensions.gin_trgm_ops);

-- Ids of the caller's documents whose number or folded buyer name matches a LIKE pattern.
create function private.invoice_ids_matching(number_pattern text, name_pattern text)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  ids uuid[];
begin
  if org is null or not org = any (private.readable_org_ids('invoices.read')) then
    return '{}'::uuid[];
  end if;
  -- EXECUTE plans with the patterns known, so the trigram indexes see their trigrams.
  execute 'select coalesce(array_agg(i.id), ''{}''::uuid[]) from public.invoices i
           where i.organization_id = $1 and (i.invoice_number ilike $2 or private.fold_search(i.buyer_name) like $3)'
    into ids using org, number_pattern, coalesce(name_pattern, number_pattern);
  return ids;
end;
$$;
comment on function private.invoice_ids_matching(text, text) is
  'Ids of the caller''s documents whose number (ILIKE) or folded buyer name (LIKE) matches, through the trigram indexes; RLS still decides visibility.';
revoke all on function private.invoice_ids_matching(text, text) from public;
grant execute on function private.invoice_ids_matching(text, text) to authenticated, service_role;

-- A LIKE pattern containing a word (backslash, % and _ escaped).
create function private.like_contains(word text)
returns text
language sql
immutable
set search_path = ''
as $$ select '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;
comment on function private.like_contains(text) is 'A LIKE pattern matching text that contains the word (wildcards escaped).';
revoke all on function private.like_contains(text) from public;
grant execute on function private.like_contains(text) to authenticated, service_role;

-- The open receivables' aging bucket of a due date (current, 1_30, 31_60, 60_plus) as of a day.
create function private.aging_bucket(due date, today date)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when due >= today then 'current' when due >= today - 30 then '1_30'
              when due >= today - 60 then '31_60' else '60_plus' end
$$;
comment on function private.aging_bucket(date, date) is
  'Receivables aging bucket of a due date as of a day (SPEC §9): current, 1_30, 31_60, 60_plus days past due.';
revoke all on function private.aging_bucket(date, date) from public;
grant execute on function private.aging_bucket(date, date) to authenticated, service_role;

-- list_invoices: {total, totals: {subtotal, vat, total, paid, balance} (SAR, of everything that
-- matches; credit notes count negative, paid is net of refunds), rows: [{id, invoice_number,
-- document_type, invoice_kind, status, issue_date, due_date, currency, exchange_rate, subtotal,
-- vat_amount, total_amount, total_amount_sar, paid_amount, refunded_amount, credited_amount,
-- balance_due, client: {id, name} | null, buyer_name, booking_reference, original_invoice_id,
-- zatca_status, days_overdue, aging}]}. aging filters open receivables (pending/overdue with a
-- balance) by bucket; dates filter the issue date.
create function public.list_invoices(search text default null, statuses public.invoice_status[] default null,
                                     document_types text[] default null, aging text default null,
                                     date_from date default null, date_to date default null,
                                     sort text default 'issue_date', ascending boolean default false,
                                     page_limit integer default 25, page_offset integer default 0)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  today date;
  term text := btrim(coalesce(search, ''));
  folded text := private.fold_search(search);
  words text[];
  patterns text[] := '{}';
  word text;
  invoice_ids uuid[];
  client_ids uuid[];
  conditions text := 'i.organization_id = $1';
  order_by text;
  direction text := case when ascending then 'asc' else 'desc' end;
  summary record;
  result jsonb;
begin
  perform private.require_permission('invoices.read');
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if page_limit is null or page_limit < 1 or page_limit > 1000 or page_offset is null or page_offset < 0
     or page_offset > 1000000 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  if sort is null or sort not in ('issue_date', 'due_date', 'total', 'number')
     or (aging is not null and aging not in ('current', '1_30', '31_60', '60_plus'))
     or (document_types is not null and not document_types <@ array['invoice', 'credit_note', 'debit_note'])
     or (date_from is not null and date_to is not null and date_to < date_from)
     or not isfinite(coalesce(date_from, date '2000-01-01')) or not isfinite(coalesce(date_to, date '2000-01-01'))
     or length(term) > 200 then
    perform private.fail('Please check your input and try again.', 'list_filter_invalid', '22023');
  end if;
  today := private.org_today(org);

  if coalesce(cardinality(statuses), 0) > 0 then
    conditions := conditions || ' and i.status = any ($2)';
  end if;
  if coalesce(cardinality(document_types), 0) > 0 then
    conditions := conditions || ' and i.document_type = any ($3)';
  end if;
  if date_from is not null then
    conditions := conditions || ' and i.issue_date >= $4';
  end if;
  if date_to is not null then
    conditions := conditions || ' and i.issue_date <= $5';
  end if;
  if aging is not null then
    conditions := conditions || ' and i.status in (''pending'', ''overdue'') and i.balance_due > 0'
      || case aging when 'current' then ' and i.due_date >= $6'
                    when '1_30' then ' and i.due_date between $6 - 30 and $6 - 1'
                    when '31_60' then ' and i.due_date between $6 - 60 and $6 - 31'
                    else ' and i.due_date < $6 - 60' end;
  end if;
  if term <> '' then
    if length(term) >= 3 then
      -- Numbers as typed (INV-000123, 000123, 123); names folded, every word must match.
      words := (select array_agg(w) from unnest(string_to_array(folded, ' ')) w where w <> '');
      foreach word in array coalesce(words[1:6], '{}') loop
        patterns := patterns || private.like_contains(word);
      end loop;
      invoice_ids := private.invoice_ids_matching(private.like_contains(term),
                                                   case when cardinality(patterns) = 1 then patterns[1] end);
      client_ids := case when cardinality(patterns) > 0 then private.client_ids_matching(patterns) else '{}' end;
      conditions := conditions || ' and (i.id = any ($7) or i.client_id = any ($8))';
    else
      conditions := conditions || ' and (i.invoice_number ilike $9 or private.fold_search(i.buyer_name) like $10)';
    end if;
  end if;

  execute format(
    $q$select count(*) as n,
              coalesce(sum(case when i.invoice_type_code = '381' then -i.subtotal_sar else i.subtotal_sar end), 0) as subtotal,
              coalesce(sum(case when i.invoice_type_code = '381' then -i.vat_amount_sar else i.vat_amount_sar end), 0) as vat,
              coalesce(sum(case when i.invoice_type_code = '381' then -i.total_amount_sar else i.total_amount_sar end), 0) as total,
              coalesce(sum(round((i.paid_amount - i.refunded_amount) * coalesce(i.exchange_rate, 1), 2)), 0) as paid,
              coalesce(sum(i.balance_due_sar), 0) as balance
       from public.invoices i where %s$q$, conditions)
    into summary
    using org, statuses, document_types, date_from, date_to, today, invoice_ids, client_ids,
          private.like_contains(term), private.like_contains(folded);

  if summary.n = 0 or page_offset >= summary.n then
    result := '[]'::jsonb;
  else
    order_by := case sort
      when 'due_date' then format('i.due_date %s, i.sequence_number %s nulls last', direction, direction)
      when 'total' then format('i.total_amount_sar %s, i.sequence_number %s nulls last', direction, direction)
      when 'number' then format('i.sequence_number %s nulls last, i.created_at %s', direction, direction)
      else format('i.issue_date %s, i.sequence_number %s nulls last', direction, direction) end;
    execute format(
      $q$select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'invoice_number', p.invoice_number, 'document_type', p.document_type,
           'invoice_kind', p.invoice_kind, 'status', p.status, 'issue_date', p.issue_date, 'due_date', p.due_date,
           'currency', p.currency, 'exchange_rate', p.exchange_rate, 'subtotal', p.subtotal,
           'vat_amount', p.vat_amount, 'total_amount', p.total_amount, 'total_amount_sar', p.total_amount_sar,
           'paid_amount', p.paid_amount, 'refunded_amount', p.refunded_amount, 'credited_amount', p.credited_amount,
           'balance_due', p.balance_due, 'buyer_name', p.buyer_name,
           'client', case when c.id is not null then jsonb_build_object('id', c.id, 'name', c.name) end,
           'booking_reference', b.booking_reference, 'original_invoice_id', p.original_invoice_id,
           'zatca_status', p.zatca_status,
           'days_overdue', case when p.status in ('pending', 'overdue') and p.balance_due > 0
                                then greatest($6 - p.due_date, 0) else 0 end,
           'aging', case when p.status in ('pending', 'overdue') and p.balance_due > 0
                         then private.aging_bucket(p.due_date, $6) end)
           order by p.ord), '[]'::jsonb)
         from (select i.*, row_number() over () as ord
               from (select i.* from public.invoices i where %s order by %s, i.id %s limit %s offset %s) i) p
         left join public.clients c on c.id = p.client_id
         left join public.bookings b on b.id = p.booking_id$q$,
      conditions, order_by, direction, page_limit, page_offset)
    into result
    using org, statuses, document_types, date_from, date_to, today, invoice_ids, client_ids,
          private.like_contains(term), private.like_contains(folded);
  end if;

  return jsonb_build_object('total', summary.n,
    'totals', jsonb_build_object('subtotal', summary.subtotal, 'vat', summary.vat, 'total', summary.total,
                                 'paid', summary.paid, 'balance', summary.balance),
    'rows', result);
end;
$$;
comment on function public.list_invoices(text, public.invoice_status[], text[], text, date, date, text, boolean, integer, integer) is
  'A page of the caller''s documents (invoices.read) with search by number or guest/buyer name (Arabic/English folded), filters (statuses, document types, aging bucket, issue dates), sort (issue_date, due_date, total, number) and the SAR totals of everything matching: {total, totals: {subtotal, vat, total, paid, balance}, rows}.';
revoke all on function public.list_invoices(text, public.invoice_status[], text[], text, date, date, text, boolean, integer, integer) from public;
grant execute on function public.list_invoices(text, public.invoice_status[], text[], text, date, date, text, boolean, integer, integer) to authenticated, service_role;

-- list_payments: {total, totals: {amount, payments, refunds} (SAR; amount = payments − refunds),
-- rows: [{id, paid_at, method, amount, amount_sar, currency, reference_number, notes, is_refund,
-- invoice: {id, invoice_number, document_type} | null, client: {id, name} | null,
-- received_by_name}]}, newest first. Dates are the organisation's local days of paid_at; search
-- matches the document number, the guest or buyer name, or the payment reference.
create function public.list_payments(methods public.payment_method[] default null, date_from date default null,
                                     date_to date default null, search text default null,
                                     page_limit integer default 25, page_offset integer default 0)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  tz text;
  term text := btrim(coalesce(search, ''));
  folded text := private.fold_search(search);
  words text[];
  patterns text[] := '{}';
  word text;
  invoice_ids uuid[] := '{}';
  client_ids uuid[] := '{}';
  conditions text := 'p.organization_id = $1';
  summary record;
  result jsonb;
begin
  perform private.require_permission('payments.read');
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if page_limit is null or page_limit < 1 or page_limit > 5000 or page_offset is null or page_offset < 0
     or page_offset > 1000000 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  if (date_from is not null and date_to is not null and date_to < date_from)
     or not isfinite(coalesce(date_from, date '2000-01-01')) or not isfinite(coalesce(date_to, date '2000-01-01'))
     or length(term) > 200 then
    perform private.fail('Please check your input and try again.', 'list_filter_invalid', '22023');
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = org;

  if coalesce(cardinality(methods), 0) > 0 then
    conditions := conditions || ' and p.method = any ($2)';
  end if;
  if date_from is not null then
    conditions := conditions || ' and p.paid_at >= ($3::timestamp at time zone $5)';
  end if;
  if date_to is not null then
    conditions := conditions || ' and p.paid_at < (($4 + 1)::timestamp at time zone $5)';
  end if;
  if term <> '' then
    words := (select array_agg(w) from unnest(string_to_array(folded, ' ')) w where w <> '');
    foreach word in array coalesce(words[1:6], '{}') loop
      patterns := patterns || private.like_contains(word);
    end loop;
    if length(term) >= 3 then
      invoice_ids := private.invoice_ids_matching(private.like_contains(term),
                                                   case when cardinality(patterns) = 1 then patterns[1] end);
      if cardinality(patterns) > 0 then
        client_ids := private.client_ids_matching(patterns);
      end if;
    end if;
    conditions := conditions || ' and (p.invoice_id = any ($6) or p.reference_number ilike $8'
      || ' or p.invoice_id in (select i.id from public.invoices i where i.organization_id = $1 and i.client_id = any ($7)))';
  end if;

  execute format(
    $q$select count(*) as n,
              coalesce(sum(case when p.is_refund then -p.amount_sar else p.amount_sar end), 0) as amount,
              coalesce(sum(p.amount_sar) filter (where not p.is_refund), 0) as payments,
              coalesce(sum(p.amount_sar) filter (where p.is_refund), 0) as refunds
       from public.payments p where %s$q$, conditions)
    into summary using org, methods, date_from, date_to, tz, invoice_ids, client_ids, private.like_contains(term);

  if summary.n = 0 or page_offset >= summary.n then
    result := '[]'::jsonb;
  else
    execute format(
      $q$select coalesce(jsonb_agg(jsonb_build_object(
           'id', x.id, 'paid_at', x.paid_at, 'method', x.method, 'amount', x.amount, 'amount_sar', x.amount_sar,
           'currency', x.currency, 'reference_number', x.reference_number, 'notes', x.notes, 'is_refund', x.is_refund,
           'invoice', case when i.id is not null then jsonb_build_object('id', i.id, 'invoice_number', i.invoice_number,
                                                                          'document_type', i.document_type) end,
           'client', case when c.id is not null then jsonb_build_object('id', c.id, 'name', c.name) end,
           'received_by_name', pr.full_name) order by x.ord), '[]'::jsonb)
         from (select p.*, row_number() over () as ord
               from (select p.* from public.payments p where %s
                     order by p.paid_at desc, p.id desc limit %s offset %s) p) x
         left join public.invoices i on i.id = x.invoice_id
         left join public.clients c on c.id = i.client_id
         left join public.profiles pr on pr.user_id = x.received_by and pr.organization_id = x.organization_id$q$,
      conditions, page_limit, page_offset)
    into result using org, methods, date_from, date_to, tz, invoice_ids, client_ids, private.like_contains(term);
  end if;

  return jsonb_build_object('total', summary.n,
    'totals', jsonb_build_object('amount', summary.amount, 'payments', summary.payments, 'refunds', summary.refunds),
    'rows', result);
end;
$$;
comment on function public.list_payments(public.payment_method[], date, date, text, integer, integer) is
  'A page of the caller''s payments and refunds (payments.read), newest first, filtered by methods, local paid dates and a search (document number, guest/buyer name, reference), with SAR totals of everything matching: {total, totals: {amount, payments, refunds}, rows}. Exports ask for up to 5,000 rows a page.';
revoke all on function public.list_payments(public.payment_method[], date, date, text, integer, integer) from public;
grant execute on function public.list_payments(public.payment_method[], date, date, text, integer, integer) to authenticated, service_role;
