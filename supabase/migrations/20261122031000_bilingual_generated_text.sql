-- Text the database writes itself, in both languages (session 2). A property manager reading
-- the app in Arabic saw English wherever the database had composed the words:
--   * the cleaning task a check-out creates ("Cleaning: <unit>", "Turnover cleaning after …");
--   * the lines invoice_from_booking() writes ("<unit> — 2 night(s), …", "Cleaning fee"), which a
--     Saudi simplified tax invoice must carry in Arabic (VAT Implementing Regulations Art. 53);
--   * the overview's recent bookings and upcoming tasks (English unit names only);
--   * a vendor user's header (it belongs to no organisation, so it showed "Your organization").
-- Generated text is stored in both languages, following the schema's <column>/<column>_ar pair
-- (units.name_ar, public_sites.description_ar): every reader — the staff screens, the vendor's
-- RPC, the overview — picks the Arabic column when reading Arabic and it is set. A person's own
-- words win: changing the English text of a task or an invoice line drops the stale Arabic one,
-- so the new words show in every language. Rows written before this migration are filled in by
-- private.backfill_bilingual_generated_text() at the end.

-- ---------------------------------------------------------------------------------------------
-- Wording, in one place for the triggers, invoice_from_booking() and the backfill.
-- ---------------------------------------------------------------------------------------------

-- "n nights" in Arabic, with the number agreement Arabic needs (CLDR plural categories: 1, 2,
-- 3–10 → plural, otherwise singular with the number). Digits stay Latin as everywhere in the app.
create function private.arabic_nights(n integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when n = 1 then 'ليلة واحدة'
    when n = 2 then 'ليلتان'
    when n % 100 between 3 and 10 then n || ' ليالٍ'
    else n || ' ليلة'
  end
$$;
comment on function private.arabic_nights is 'Arabic for "n nights" with number agreement (ليلة واحدة، ليلتان، 3 ليالٍ، 11 ليلة).';
revoke all on function private.arabic_nights(integer) from public, anon;
grant execute on function private.arabic_nights(integer) to authenticated, service_role;

-- The title of the check-out cleaning task: English with the unit's name, Arabic with its Arabic
-- name when it has one. Cut to the 200 characters a title may hold (a 200-character unit name
-- used to make the check-out itself fail on the tasks title check).
create function private.cleaning_task_title(unit_name text, unit_name_ar text, language text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(case when language = 'ar'
                   then 'تنظيف: ' || coalesce(nullif(btrim(unit_name_ar), ''), unit_name)
                   else 'Cleaning: ' || unit_name end, 200)
$$;
comment on function private.cleaning_task_title is 'Title of the check-out cleaning task in English (''en'') or Arabic (''ar'').';
-- Called only by SECURITY DEFINER code (the check-out trigger, the backfill).
revoke all on function private.cleaning_task_title(text, text, text) from public, anon;

-- Its description: which stay it follows. The English text is exactly the one of 2026-11-22.
create function private.cleaning_task_description(booking_reference text, check_out date, language text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when language = 'ar'
              then format('تنظيف بين الإقامات بعد الحجز %s (تاريخ المغادرة %s).', booking_reference, check_out)
              else format('Turnover cleaning after booking %s (check-out %s).', booking_reference, check_out) end
$$;
comment on function private.cleaning_task_description is 'Description of the check-out cleaning task in English (''en'') or Arabic (''ar'').';
revoke all on function private.cleaning_task_description(text, date, text) from public, anon;

-- The stay line of an invoice made from a booking. English as invoice_from_booking() always
-- wrote it; Arabic with the unit's Arabic name when it has one. invoice_from_booking() runs with
-- the caller's rights, hence the grant (with arabic_nights above).
create function private.stay_line_description(
  unit_name text, unit_name_ar text, nights integer, check_in date, check_out date, booking_reference text, language text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when language = 'ar'
              then format('%s — %s، من %s إلى %s (%s)', coalesce(nullif(btrim(unit_name_ar), ''), unit_name),
                          private.arabic_nights(nights), check_in, check_out, booking_reference)
              else format('%s — %s night(s), %s to %s (%s)', unit_name, nights, check_in, check_out, booking_reference) end
$$;
comment on function private.stay_line_description is 'Invoice line for a stay (unit, nights, dates, booking) in English (''en'') or Arabic (''ar'').';
revoke all on function private.stay_line_description(text, text, integer, date, date, text, text) from public, anon;
grant execute on function private.stay_line_description(text, text, integer, date, date, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Tasks: Arabic title and description of generated tasks.
-- ---------------------------------------------------------------------------------------------
alter table public.tasks
  add column title_ar text constraint tasks_title_ar_length check (title_ar is null or length(btrim(title_ar)) between 1 and 200),
  add column description_ar text;
comment on constraint tasks_title_ar_length on public.tasks is 'Same length rule as the title.';
comment on column public.tasks.title_ar is 'Arabic title of a task the database wrote (check-out cleaning); null when a person wrote the title, which then shows in every language.';
comment on column public.tasks.description_ar is 'Arabic description of a task the database wrote; null when a person wrote it.';

-- A person's words win. Changing the title (or description) without giving an Arabic one drops
-- the generated Arabic text, so the new words show in both languages. Saving back the Arabic
-- text the Arabic screen showed (the edit form is filled in the reader's language) is not a
-- change: the stored pair stays as it was.
create function private.tasks_localized_text()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.title is distinct from old.title and new.title_ar is not distinct from old.title_ar then
    if new.title = old.title_ar then
      new.title := old.title;
    else
      new.title_ar := null;
    end if;
  end if;
  if new.description is distinct from old.description and new.description_ar is not distinct from old.description_ar then
    if new.description = old.description_ar then
      new.description := old.description;
    else
      new.description_ar := null;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.tasks_localized_text is 'Keeps a task''s generated Arabic title/description only while its English text is unchanged.';
create trigger tasks_localized_text before update of title, description, title_ar, description_ar on public.tasks
  for each row execute function private.tasks_localized_text();
comment on trigger tasks_localized_text on public.tasks is 'A changed title or description drops the generated Arabic text (a person''s words win).';

-- Check-out → cleaning task (as in 20261122002500_task_functions.sql), now with its Arabic title
-- and description.
create or replace function private.bookings_cleaning_task()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  unit record;
  tz text;
  today date;
  next_check_in date;
  vendor uuid;
  due timestamptz;
begin
  if new.status <> 'checked_out' or old.status = 'checked_out' then
    return null;
  end if;
  select u.name, u.name_ar, u.check_in_time into unit from public.units u where u.id = new.unit_id;
  select o.default_timezone::text into tz from public.organizations o where o.id = new.organization_id;
  today := (now() at time zone tz)::date;
  select min(b.check_in) into next_check_in from public.bookings b
    where b.unit_id = new.unit_id and b.status <> 'cancelled' and b.id <> new.id and b.check_in >= least(new.check_out, today);
  if next_check_in is not null then
    due := (next_check_in + unit.check_in_time) at time zone tz;
  else
    due := (greatest(new.check_out, today) + 1 + unit.check_in_time) at time zone tz;
  end if;
  select ov.vendor_id into vendor from public.organization_vendors ov join public.vendors v on v.id = ov.vendor_id
    where ov.organization_id = new.organization_id and 'cleaning' = any (v.categories)
    order by v.verified desc, v.rating desc, ov.added_at limit 1;

  insert into public.tasks (organization_id, title, title_ar, description, description_ar, type, priority, status,
                            unit_id, booking_id, vendor_id, due_at, origin, created_by)
  values (new.organization_id,
          private.cleaning_task_title(unit.name, unit.name_ar, 'en'),
          private.cleaning_task_title(unit.name, unit.name_ar, 'ar'),
          private.cleaning_task_description(new.booking_reference, new.check_out, 'en'),
          private.cleaning_task_description(new.booking_reference, new.check_out, 'ar'),
          'cleaning', case when next_check_in is not null and next_check_in <= today then 'high' else 'medium' end::public.task_priority,
          'pending', new.unit_id, new.id, vendor, due, 'checkout', auth.uid())
  on conflict (booking_id) where origin = 'checkout' do nothing;
  return null;
end;
$$;
comment on function private.bookings_cleaning_task is 'After a booking is checked out: its cleaning task, titled in English and Arabic, due before the next check-in.';

-- The next occurrence of a recurring task (as in 20261122020000_tasks_workflow.sql) carries the
-- Arabic text along with the English.
create or replace function private.tasks_schedule_next()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tz text;
begin
  if new.recurrence is null or new.status <> 'completed' or old.status = 'completed' then
    return null;
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = new.organization_id;
  insert into public.tasks (organization_id, title, title_ar, description, description_ar, type, priority, status,
                            unit_id, vendor_id, assignee_id, due_at, origin, created_by, checklist, recurrence, previous_task_id)
  values (new.organization_id, new.title, new.title_ar, new.description, new.description_ar, new.type, new.priority,
          'pending', new.unit_id, new.vendor_id, new.assignee_id,
          private.next_occurrence(new.due_at, new.recurrence, coalesce(tz, 'Asia/Riyadh'), now()),
          'recurrence', new.created_by,
          coalesce((select jsonb_agg(jsonb_set(e.item, '{done}', 'false'::jsonb) order by e.n)
                    from jsonb_array_elements(new.checklist) with ordinality e(item, n)), '[]'::jsonb),
          new.recurrence, new.id)
  on conflict (previous_task_id) do nothing;
  return null;
end;
$$;
comment on function private.tasks_schedule_next is 'Completing an occurrence of a recurring task schedules the next one (text in both languages).';

-- ---------------------------------------------------------------------------------------------
-- Invoice lines: Arabic description.
-- ---------------------------------------------------------------------------------------------
alter table public.invoice_items
  add column description_ar text
    constraint invoice_items_description_ar_length check (description_ar is null or length(btrim(description_ar)) between 1 and 500);
comment on constraint invoice_items_description_ar_length on public.invoice_items is 'Same length rule as the description.';
comment on column public.invoice_items.description_ar is 'Arabic description (ZATCA: a tax invoice is in Arabic); filled for lines the database writes, optional for lines a person writes.';
-- Staff may give their own lines an Arabic description, as they edit the English one.
grant update (description_ar) on public.invoice_items to authenticated;

-- A person's words win here too (see tasks_localized_text).
create function private.invoice_items_localized_text()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.description is distinct from old.description and new.description_ar is not distinct from old.description_ar then
    if new.description = old.description_ar then
      new.description := old.description;
    else
      new.description_ar := null;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.invoice_items_localized_text is 'Keeps an invoice line''s Arabic description only while its English description is unchanged.';
create trigger invoice_items_localized_text before update of description, description_ar on public.invoice_items
  for each row execute function private.invoice_items_localized_text();
comment on trigger invoice_items_localized_text on public.invoice_items is 'A changed description drops the generated Arabic one (a person''s words win).';

-- invoice_from_booking() as in 20261122002400_finance_functions.sql; each line now carries its
-- Arabic description («رسوم التنظيف», «<الوحدة> — ليلتان، من … إلى … (BK-…)»). The English
-- descriptions are unchanged.
create or replace function public.invoice_from_booking(
  booking_id uuid,
  due_date date default null,
  issue boolean default true
)
returns public.invoices
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  b record;
  inv public.invoices;
begin
  if booking_id is null then
    perform private.fail('Please select a booking to create an invoice', 'booking_required', '23502');
  end if;
  select bk.id, bk.organization_id, bk.client_id, bk.check_in, bk.check_out, bk.nights, bk.price_per_night,
         bk.cleaning_fee, bk.booking_reference, u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name
    into b
    from public.bookings bk
    join public.units u on u.id = bk.unit_id
    join public.clients c on c.id = bk.client_id
   where bk.id = invoice_from_booking.booking_id;
  if b.id is null then
    perform private.fail('Please select a booking to create an invoice', 'booking_not_found', 'P0002');
  end if;

  insert into public.invoices (organization_id, client_id, booking_id, status, due_date, buyer_name)
  values (b.organization_id, b.client_id, b.id, 'draft',
          coalesce(due_date, greatest(b.check_in, private.org_today(b.organization_id))), b.client_name)
  returning * into inv;

  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position)
  values (inv.id,
          private.stay_line_description(b.unit_name, b.unit_name_ar, b.nights, b.check_in, b.check_out, b.booking_reference, 'en'),
          private.stay_line_description(b.unit_name, b.unit_name_ar, b.nights, b.check_in, b.check_out, b.booking_reference, 'ar'),
          b.nights, b.price_per_night, 0);
  if b.cleaning_fee > 0 then
    insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position)
    values (inv.id, 'Cleaning fee', 'رسوم التنظيف', 1, b.cleaning_fee, 1);
  end if;

  if issue then
    update public.invoices set status = 'pending' where id = inv.id;
  end if;
  select * into inv from public.invoices i where i.id = inv.id;
  return inv;
end;
$$;
comment on function public.invoice_from_booking is 'Creates an invoice with the stay (nights × rate) and cleaning-fee lines of a booking, described in English and Arabic.';

-- ---------------------------------------------------------------------------------------------
-- Readers: the overview and the vendor's header (vendor_tasks() gains the Arabic text in
-- 20261122033000_vendor_tasks_bilingual.sql, after the access-rules change of its columns).
-- ---------------------------------------------------------------------------------------------

-- dashboard_overview() as in 20261122002600_dashboard.sql, plus the Arabic unit names of recent
-- bookings and upcoming tasks and the Arabic title of upcoming tasks.
create or replace function public.dashboard_overview()
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  tz text;
  today date;
  month_start date;
  can_pay boolean := private.has_permission('payments.read');
  can_inv boolean := private.has_permission('invoices.read');
  result jsonb;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_required', '42501');
  end if;
  perform public.refresh_overdue_invoices();
  select o.default_timezone::text into tz from public.organizations o where o.id = org;
  today := (now() at time zone tz)::date;
  month_start := date_trunc('month', today)::date;

  select jsonb_build_object(
    'organization_id', org,
    'today', today,
    'currency', (select o.default_currency from public.organizations o where o.id = org),
    'total_units', (select count(*) from public.units u where u.organization_id = org),
    'active_units', (select count(*) from public.units u where u.organization_id = org and u.is_active),
    'total_clients', (select count(*) from public.clients c where c.organization_id = org),
    -- Clients with a stay that is current, upcoming, or ended within the last 90 days.
    'active_clients', (select count(distinct b.client_id) from public.bookings b
                       where b.organization_id = org and b.status <> 'cancelled' and b.check_out >= today - 90),
    'bookings_today', jsonb_build_object(
      'arrivals', (select count(*) from public.bookings b where b.organization_id = org
                   and b.status <> 'cancelled' and b.check_in = today),
      'departures', (select count(*) from public.bookings b where b.organization_id = org
                     and b.status <> 'cancelled' and b.check_out = today),
      'in_house', (select count(*) from public.bookings b where b.organization_id = org
                   and b.status in ('confirmed', 'checked_in') and b.check_in <= today and b.check_out > today)),
    'revenue', case when can_pay then jsonb_build_object(
      'this_month', (select coalesce(sum(p.amount), 0) from public.payments p where p.organization_id = org
                     and (p.paid_at at time zone tz)::date >= month_start),
      'previous_month', (select coalesce(sum(p.amount), 0) from public.payments p where p.organization_id = org
                         and (p.paid_at at time zone tz)::date >= (month_start - interval '1 month')::date
                         and (p.paid_at at time zone tz)::date < month_start)) end,
    'receivables', case when can_inv then jsonb_build_object(
      'outstanding', (select coalesce(sum(i.balance_due), 0) from public.invoices i where i.organization_id = org
                      and i.status in ('pending', 'overdue')),
      'overdue', (select coalesce(sum(i.balance_due), 0) from public.invoices i where i.organization_id = org
                  and i.status = 'overdue'),
      'overdue_count', (select count(*) from public.invoices i where i.organization_id = org and i.status = 'overdue')) end,
    'recent_bookings', coalesce((select jsonb_agg(x order by x.created_at desc) from (
      select b.id, b.booking_reference, b.check_in, b.check_out, b.status, b.total_amount, b.created_at,
             u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name
      from public.bookings b
      join public.units u on u.id = b.unit_id
      join public.clients c on c.id = b.client_id
      where b.organization_id = org
      order by b.created_at desc limit 5) x), '[]'::jsonb),
    'upcoming_tasks', coalesce((select jsonb_agg(x order by x.due_at nulls last) from (
      select t.id, t.title, t.title_ar, t.type, t.priority, t.status, t.due_at, u.name as unit_name, u.name_ar as unit_name_ar
      from public.tasks t left join public.units u on u.id = t.unit_id
      where t.organization_id = org and t.status in ('pending', 'in_progress')
      order by t.due_at nulls last limit 5) x), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;
comment on function public.dashboard_overview is 'Overview numbers (units, clients, today''s arrivals/departures, revenue, recent bookings, upcoming tasks), with Arabic unit names and task titles.';

-- The organisations a vendor user works for (those that added its vendor), for the header of
-- its screens: names only. A vendor user already reads these links (organization_vendors) but
-- not the organisations table, and should not: nothing else of an organisation is returned.
-- Staff (no vendor) get no rows.
create function public.vendor_organizations()
returns table (id uuid, name text, name_ar text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.name, o.name_ar
  from public.organizations o
  where o.id in (select ov.organization_id from public.organization_vendors ov
                 where ov.vendor_id = any (private.current_vendor_ids()))
  order by o.name
$$;
comment on function public.vendor_organizations is 'Names (English, Arabic) of the organisations the caller''s vendor works for.';
revoke all on function public.vendor_organizations() from public, anon;
grant execute on function public.vendor_organizations() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Backfill: rows written before this migration.
-- ---------------------------------------------------------------------------------------------

-- Fills the Arabic text of generated rows still carrying the exact words the database wrote
-- (an edited title, description or line is a person's and is left alone). Idempotent; returns
-- how many rows it filled. Lines of paid, cancelled or refunded invoices are otherwise frozen
-- (invoice_items_before_write): their guard is lifted for this statement only, and the touch
-- of the parent invoice is skipped — an Arabic description changes no amount.
create function private.backfill_bilingual_generated_text()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  changed integer;
  total integer := 0;
begin
  update public.tasks t
     set title_ar = private.cleaning_task_title(u.name, u.name_ar, 'ar')
    from public.units u
   where t.origin = 'checkout' and t.title_ar is null and u.id = t.unit_id
     and t.title = private.cleaning_task_title(u.name, u.name_ar, 'en');
  get diagnostics changed = row_count;
  total := total + changed;

  update public.tasks t
     set description_ar = private.cleaning_task_description(b.booking_reference, b.check_out, 'ar')
    from public.bookings b
   where t.origin = 'checkout' and t.description_ar is null and b.id = t.booking_id
     and t.description = private.cleaning_task_description(b.booking_reference, b.check_out, 'en');
  get diagnostics changed = row_count;
  total := total + changed;

  alter table public.invoice_items disable trigger invoice_items_before_write, disable trigger invoice_items_after_write;

  update public.invoice_items li
     set description_ar = 'رسوم التنظيف'
   where li.description_ar is null and li.description = 'Cleaning fee';
  get diagnostics changed = row_count;
  total := total + changed;

  -- The stay line names the unit as it was called then: match everything after the name, and
  -- keep that name when the unit has no Arabic one.
  with lines as (
    select li.id, b.nights, b.check_in, b.check_out, b.booking_reference, u.name_ar,
           format(' — %s night(s), %s to %s (%s)', b.nights, b.check_in, b.check_out, b.booking_reference) as tail,
           li.description
      from public.invoice_items li
      join public.invoices i on i.id = li.invoice_id
      join public.bookings b on b.id = i.booking_id
      join public.units u on u.id = b.unit_id
     where li.description_ar is null
  )
  update public.invoice_items li
     set description_ar = private.stay_line_description(
           left(l.description, length(l.description) - length(l.tail)), l.name_ar,
           l.nights, l.check_in, l.check_out, l.booking_reference, 'ar')
    from lines l
   where li.id = l.id and length(l.description) > length(l.tail) and right(l.description, length(l.tail)) = l.tail;
  get diagnostics changed = row_count;
  total := total + changed;

  alter table public.invoice_items enable trigger invoice_items_before_write, enable trigger invoice_items_after_write;
  return total;
end;
$$;
comment on function private.backfill_bilingual_generated_text is 'Fills the Arabic text of check-out cleaning tasks and booking invoice lines written before 20261122031000; idempotent.';
revoke all on function private.backfill_bilingual_generated_text() from public, anon, authenticated;

select private.backfill_bilingual_generated_text();
