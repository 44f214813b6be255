-- Filling a message's {{variables}} for a booking (issue 16), in the guest's language, the same way
-- for the composer's preview (render_message_template / render_message_text), the messages staff
-- send (send_message) and the automatic messages (guest_notice_claim's `template`).
--
--   * Dates are plain and unambiguous, Gregorian with Latin digits as the app's Arabic locale
--     writes them: en "Fri 4 Dec 2026", ar "الجمعة 4 ديسمبر 2026"; times "3:00 PM" / "3:00 م";
--     amounts "1,234.50 SAR" / "1,234.50 ر.س".
--   * map_link: https://maps.google.com/?q=<lat>,<lng> from the unit's coordinates.
--   * invoice_link renders empty: the app has no page a guest may open an invoice on yet.
--   * Links to the app (review_link) need the app's public address, which the
--     database knows only when the Vault secret `site_url` is set (as project_url and
--     service_role_key are, README Deploy); without it they are written as a path ("/review/…"),
--     which the guest-notify function completes with its SITE_URL. review_link exists only while a
--     review_link notice holds its token (the claim); elsewhere it renders empty.
--   * door_code: the stay's code while it is active on the lock; a browser caller without
--     locks.read sees "••••" instead (the preview), the service role the code.
--   * A value that is missing (no booking, no Wi-Fi set…) renders as an empty string.

-- The app's public address from the Vault (no trailing slash), or '' when it is not set.
create function private.message_site_url()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select rtrim(s.decrypted_secret, '/') from vault.decrypted_secrets s where s.name = 'site_url' limit 1), '')
$$;
comment on function private.message_site_url() is
  'The app''s public address (Vault secret site_url) for links in guest messages; empty when not set (links are then written as paths).';
revoke all on function private.message_site_url() from public;

-- A day as the messages write it: en "Fri 4 Dec 2026", ar "الجمعة 4 ديسمبر 2026".
create function private.message_date(day date, lang text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when day is null then ''
    when lang = 'en' then
      (array['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])[extract(dow from day)::int + 1] || ' '
      || extract(day from day)::int || ' '
      || (array['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])[extract(month from day)::int]
      || ' ' || extract(year from day)::int
    else
      (array['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'])[extract(dow from day)::int + 1] || ' '
      || extract(day from day)::int || ' '
      || (array['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'])[extract(month from day)::int]
      || ' ' || extract(year from day)::int
  end
$$;
comment on function private.message_date(date, text) is 'A day in a guest message: en "Fri 4 Dec 2026", ar "الجمعة 4 ديسمبر 2026" (Latin digits).';
grant execute on function private.message_date(date, text) to authenticated, service_role;

-- A time of day: en "3:00 PM", ar "3:00 م".
create function private.message_time(t time, lang text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when t is null then ''
    else to_char(t, 'FMHH12:MI') || ' ' || case
      when lang = 'en' then case when t < '12:00' then 'AM' else 'PM' end
      else case when t < '12:00' then 'ص' else 'م' end end
  end
$$;
comment on function private.message_time(time, text) is 'A time of day in a guest message: en "3:00 PM", ar "3:00 م".';
grant execute on function private.message_time(time, text) to authenticated, service_role;

-- An amount: "1,234.50 SAR" / "1,234.50 ر.س" (another currency keeps its code).
create function private.message_money(amount numeric, currency text, lang text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when amount is null then ''
    else to_char(amount, 'FM999,999,999,990.00') || ' '
      || case when coalesce(currency, 'SAR') = 'SAR' and lang <> 'en' then 'ر.س' else coalesce(currency, 'SAR') end
  end
$$;
comment on function private.message_money(numeric, text, text) is 'An amount in a guest message: "1,234.50 SAR" / "1,234.50 ر.س".';
grant execute on function private.message_money(numeric, text, text) to authenticated, service_role;

-- The value of every variable for a booking (and an invoice, for invoice messages) in a language;
-- without a booking, the guest's name and the organisation's (guest / org) still fill in.
-- Security definer: the caller's right to the booking is checked by the public functions.
create function private.message_values(
  stay_id uuid, lang text, reveal_door_code boolean, invoice uuid default null, review_token text default null,
  guest uuid default null, org uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  u public.units;
  c public.clients;
  o public.organizations;
  s public.public_sites;
  inv public.invoices;
  code text;
  origin text := private.message_site_url();
  ar boolean := coalesce(lang, 'ar') <> 'en';
begin
  if invoice is not null then
    select * into inv from public.invoices i where i.id = invoice;
    stay_id := coalesce(stay_id, inv.booking_id);
  end if;
  select * into b from public.bookings bk where bk.id = stay_id;
  select * into u from public.units un where un.id = b.unit_id;
  select * into c from public.clients cl where cl.id = coalesce(b.client_id, inv.client_id, guest);
  select * into o from public.organizations og where og.id = coalesce(b.organization_id, inv.organization_id, c.organization_id, org);
  select * into s from public.public_sites ps where ps.organization_id = o.id;
  select lc.code into code from public.booking_lock_codes lc
   where lc.booking_id = b.id and lc.state = 'active' and lc.wanted = 'present' limit 1;
  return jsonb_build_object(
    'guest_name', coalesce(btrim(c.name), ''),
    'unit_name', coalesce(case when ar then coalesce(u.name_ar, u.name) else u.name end, ''),
    'check_in_date', private.message_date(b.check_in, lang),
    'check_out_date', private.message_date(b.check_out, lang),
    'check_in_time', private.message_time(u.check_in_time, lang),
    'check_out_time', private.message_time(u.check_out_time, lang),
    'address', coalesce(nullif(concat_ws(case when ar then '، ' else ', ' end,
                 nullif(btrim(u.address_street), ''), nullif(btrim(u.address_city), ''),
                 nullif(btrim(u.address_region), '')), ''), ''),
    'map_link', case when u.latitude is not null and u.longitude is not null
                  then 'https://maps.google.com/?q=' || u.latitude::float8 || ',' || u.longitude::float8 else '' end,
    'door_code', case when code is null then '' when reveal_door_code then code else '••••' end,
    'wifi_name', coalesce(u.wifi_name, ''),
    'wifi_password', coalesce(u.wifi_password, ''),
    'total', case when inv.id is not null then private.message_money(inv.total_amount, inv.currency::text, lang)
                  when b.id is not null then private.message_money(b.total_amount, o.default_currency::text, lang)
                  else '' end,
    -- The app has no page a guest may open an invoice on yet: empty rather than a dead link.
    'invoice_link', '',
    'review_link', case when review_token is not null then origin || '/review/' || review_token else '' end,
    'booking_reference', coalesce(b.booking_reference, ''),
    'organization_name', coalesce(case when ar then coalesce(nullif(s.name_ar, ''), nullif(s.name, ''), o.name_ar, o.name)
                                       else coalesce(nullif(s.name, ''), o.name) end, ''));
end;
$$;
comment on function private.message_values(uuid, text, boolean, uuid, text, uuid, uuid) is
  'The {{variable}} values of a booking (and invoice) in a language: dates, times, amounts, links, the door code (or •••• when not revealed); empty strings when missing.';
revoke all on function private.message_values(uuid, text, boolean, uuid, text, uuid, uuid) from public;

-- Replaces every known {{variable}} (inner spaces allowed) by its value; unknown ones stay as written.
create function private.render_message(body text, vals jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  name text;
  result text := body;
begin
  if result is null or strpos(result, '{{') = 0 then
    return result;
  end if;
  foreach name in array private.message_variables() loop
    result := regexp_replace(result, '\{\{\s*' || name || '\s*\}\}',
                             replace(coalesce(vals ->> name, ''), '\', '\\'), 'g');
  end loop;
  return result;
end;
$$;
comment on function private.render_message(text, jsonb) is 'A text with its {{variables}} replaced by the given values (missing ones empty).';
grant execute on function private.render_message(text, jsonb) to authenticated, service_role;

-- A template rendered for a language and values: {subject, body, whatsapp_template} where
-- whatsapp_template is {name, language, params} when the template has an approved WhatsApp name.
create function private.render_template(t public.message_templates, lang text, vals jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when t.id is null then null else jsonb_build_object(
    'template_id', t.id,
    'subject', private.render_message(case when lang = 'en' then t.subject_en else t.subject_ar end, vals),
    'body', private.render_message(case when lang = 'en' then t.body_en else t.body_ar end, vals),
    'whatsapp_template', case when t.whatsapp_template_name is not null then jsonb_build_object(
      'name', t.whatsapp_template_name,
      'language', case when lang = 'en' then 'en' else 'ar' end,
      'params', (select coalesce(jsonb_agg(coalesce(vals ->> p.name, '') order by p.n), '[]'::jsonb)
                   from unnest(t.whatsapp_params) with ordinality as p(name, n))) end) end
$$;
comment on function private.render_template(public.message_templates, text, jsonb) is
  'A template rendered in a language: subject, body and the approved WhatsApp template with its parameters.';
grant execute on function private.render_template(public.message_templates, text, jsonb) to authenticated, service_role;

-- The language a message to a booking's guest is written in: the one asked for, else the guest's.
create function private.message_language(lang text, stay_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if lang is not null and lang not in ('en', 'ar') then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  return coalesce(lang, (select c.preferred_language::text from public.bookings b join public.clients c on c.id = b.client_id
                          where b.id = stay_id), 'ar');
end;
$$;
comment on function private.message_language(text, uuid) is 'The message language: the one asked for (en/ar, else 400), else the booking guest''s, else Arabic.';
revoke all on function private.message_language(text, uuid) from public;

-- The caller's organisation with messages.read (403 otherwise), and a booking of it (404 otherwise).
create function private.message_reader_booking(stay_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
begin
  if org is null or not private.has_permission('messages.read') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_read_required', '42501');
  end if;
  if stay_id is not null and not exists (select 1 from public.bookings b where b.id = stay_id and b.organization_id = org) then
    perform private.fail('Booking not found', 'booking_not_found', 'PT404');
  end if;
  return org;
end;
$$;
comment on function private.message_reader_booking(uuid) is
  'Checks the caller holds messages.read in an organisation (403) and that the booking, if any, is in it (404); returns the organisation.';
revoke all on function private.message_reader_booking(uuid) from public;

-- The composer's preview of a saved template for a booking in a language (messages.read).
create function public.render_message_template(template_id uuid, booking_id uuid default null, language text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.message_reader_booking(booking_id);
  t public.message_templates;
  lang text := private.message_language(language, booking_id);
  rendered jsonb;
begin
  select * into t from public.message_templates m where m.id = template_id and m.organization_id = org;
  if t.id is null then
    perform private.fail('Template not found', 'template_not_found', 'PT404');
  end if;
  rendered := private.render_template(t, lang, private.message_values(booking_id, lang, private.has_permission('locks.read'), org => org));
  return jsonb_build_object('subject', rendered -> 'subject', 'body', rendered -> 'body', 'language', lang,
    'whatsapp_template', rendered -> 'whatsapp_template',
    'unknown', to_jsonb(private.unknown_message_variables(concat_ws(' ', t.body_en, t.body_ar, t.subject_en, t.subject_ar))));
end;
$$;
comment on function public.render_message_template(uuid, uuid, text) is
  'messages.read: a template rendered for a booking in a language (default the guest''s): {subject, body, language, whatsapp_template, unknown}; the door code only for locks.read.';
revoke all on function public.render_message_template(uuid, uuid, text) from public, anon;
grant execute on function public.render_message_template(uuid, uuid, text) to authenticated;

-- The preview of an unsaved text (the composer's draft or the template editor) for a booking.
create function public.render_message_text(body text, subject text default null, booking_id uuid default null, language text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.message_reader_booking(booking_id);
  lang text := private.message_language(language, booking_id);
  vals jsonb := private.message_values(booking_id, lang, private.has_permission('locks.read'), org => org);
begin
  if length(coalesce(body, '')) > 10000 or length(coalesce(subject, '')) > 200 then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  return jsonb_build_object('subject', private.render_message(subject, vals), 'body', private.render_message(coalesce(body, ''), vals),
    'language', lang, 'unknown', to_jsonb(private.unknown_message_variables(concat_ws(' ', body, subject))));
end;
$$;
comment on function public.render_message_text(text, text, uuid, text) is
  'messages.read: an unsaved text rendered for a booking in a language: {subject, body, language, unknown}; the door code only for locks.read.';
revoke all on function public.render_message_text(text, text, uuid, text) from public, anon;
grant execute on function public.render_message_text(text, text, uuid, text) to authenticated;
