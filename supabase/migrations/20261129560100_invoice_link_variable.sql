-- {{invoice_link}} and the guest-notify claim's invoice.link (issue 16) now carry the guest's
-- invoice link (20261129560000_invoice_guest_links): /invoice/<token>, absolute when the Vault
-- holds site_url (as review_link), else a path. The messaging function sends staff messages as
-- rendered (it does not complete paths), so set site_url where links must be absolute.
--
--   * message_values: invoice_link is the link of the message's invoice, else of the booking's
--     latest issued invoice (not a credit or debit note); empty when there is none. Otherwise as
--     20261129500500_message_rendering.
--   * guest_notice_claim: invoice.link is the notice's invoice link. Otherwise as
--     20261129501300_guest_notice_claim_organization.

-- The value of every variable for a booking (and an invoice, for invoice messages) in a language;
-- without a booking, the guest's name and the organisation's (guest / org) still fill in.
-- Security definer: the caller's right to the booking is checked by the public functions.
create or replace function private.message_values(
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
    -- The message's invoice, else the stay's latest issued invoice: its guest link.
    'invoice_link', coalesce(private.invoice_guest_link(coalesce(inv.id, (
                      select i.id from public.invoices i
                       where b.id is not null and i.booking_id = b.id and i.invoice_type_code = '388'
                         and i.issued_at is not null and i.status <> 'draft'
                       order by i.issued_at desc, i.created_at desc limit 1))), ''),
    'review_link', case when review_token is not null then origin || '/review/' || review_token else '' end,
    'booking_reference', coalesce(b.booking_reference, ''),
    'organization_name', coalesce(case when ar then coalesce(nullif(s.name_ar, ''), nullif(s.name, ''), o.name_ar, o.name)
                                       else coalesce(nullif(s.name, ''), o.name) end, ''));
end;
$$;
comment on function private.message_values(uuid, text, boolean, uuid, text, uuid, uuid) is
  'The {{variable}} values of a booking (and invoice) in a language: dates, times, amounts, links, the door code (or •••• when not revealed); empty strings when missing.';
revoke all on function private.message_values(uuid, text, boolean, uuid, text, uuid, uuid) from public;

create or replace function public.guest_notice_claim(notice_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  n public.guest_notices;
  b public.bookings;
  inv public.invoices;
  c public.clients;
  code public.booking_lock_codes;
  t public.message_templates;
  refusal text;
  written jsonb;
  token text;
  lang text;
begin
  update public.guest_notices g
     set attempts = g.attempts + 1, locked_until = now() + interval '2 minutes'
   where g.id = guest_notice_claim.notice_id and g.sent_at is null and g.failed_at is null and g.attempts < 6
     and (g.locked_until is null or g.locked_until < now())
     and (g.kind in ('request_received', 'request_confirmed', 'request_declined', 'request_expired', 'review_link')
          or g.next_attempt_at <= now())
  returning g.* into n;
  if n.id is null then
    return null;
  end if;
  if n.invoice_id is not null then
    select * into inv from public.invoices i where i.id = n.invoice_id;
  end if;
  select * into b from public.bookings bk where bk.id = coalesce(n.booking_id, inv.booking_id);
  select * into c from public.clients cl where cl.id = coalesce(b.client_id, inv.client_id);
  if n.invoice_id is not null then
    select * into c from public.clients cl where cl.id = coalesce(inv.client_id, b.client_id);
  end if;
  select * into code from public.booking_lock_codes lc
   where lc.booking_id = b.id and lc.state = 'active' and lc.wanted = 'present';
  refusal := private.guest_notice_refusal(n, b, inv, c);
  if refusal is null and n.kind = 'door_code' then
    refusal := case when code.id is null then 'The stay has no active door code'
                    else private.door_code_notice_refusal(code) end;
  end if;
  if refusal is not null then
    update public.guest_notices g
       set failed_at = now(), locked_until = null, last_error = 'Withdrawn: ' || refusal
     where g.id = n.id;
    return null;
  end if;
  if n.kind = 'door_code' then
    -- The period told is the code's current one (the trigger keeps the two in step).
    update public.guest_notices g set period_starts_at = code.starts_at, period_ends_at = code.ends_at
     where g.id = n.id;
  elsif n.kind = 'pre_arrival' and code.id is not null then
    -- The pre-arrival message carries the code: the stay's waiting door_code notice is not needed.
    update public.guest_notices g
       set failed_at = now(), locked_until = null, last_error = 'Withdrawn: sent with the pre-arrival message'
     where g.booking_id = b.id and g.kind = 'door_code' and g.sent_at is null and g.failed_at is null;
    update public.guest_notices g set period_starts_at = code.starts_at, period_ends_at = code.ends_at
     where g.id = n.id;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'channel', m.channel, 'to_address', m.to_address, 'subject', m.subject,
           'body', m.body, 'status', m.status, 'whatsapp_template', m.whatsapp_template) order by m.channel), '[]'::jsonb)
    into written
    from public.messages m where m.notice_id = n.id;
  select tk.token into token from private.guest_notice_tokens tk where tk.notice_id = n.id;
  lang := case when c.preferred_language::text = 'en' then 'en' else 'ar' end;
  t := private.custom_notice_template(n.organization_id, n.kind);
  return jsonb_build_object(
    'id', n.id,
    'organization_id', n.organization_id,
    'kind', n.kind,
    'attempts', n.attempts,
    'messages', written,
    'review_token', token,
    'door_code', case when code.id is not null then jsonb_build_object(
                   'code', code.code, 'starts_at', code.starts_at, 'ends_at', code.ends_at) end,
    'booking', case when b.id is not null then jsonb_build_object(
      'id', b.id, 'organization_id', b.organization_id, 'reference', b.booking_reference, 'status', b.status, 'source', b.source,
      'check_in', b.check_in, 'check_out', b.check_out, 'nights', b.nights,
      'guests_count', b.guests_count, 'request_expires_at', b.request_expires_at,
      'cancellation_reason', b.cancellation_reason, 'total', b.total_amount) end,
    'invoice', case when inv.id is not null then jsonb_build_object(
      'id', inv.id, 'number', inv.invoice_number, 'total', inv.total_amount, 'balance_due', inv.balance_due,
      'currency', coalesce(inv.currency::text, 'SAR'), 'due_date', inv.due_date, 'link', private.invoice_guest_link(inv.id)) end,
    'client', case when c.id is not null then jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'language', c.preferred_language, 'opted_out', c.messages_opt_out) end,
    'unit', (select jsonb_build_object('id', u.id, 'name', u.name, 'name_ar', u.name_ar,
                                       'check_in_time', to_char(u.check_in_time, 'HH24:MI'),
                                       'check_out_time', to_char(u.check_out_time, 'HH24:MI'),
                                       'city', u.address_city,
                                       'address', nullif(concat_ws(', ', nullif(btrim(u.address_street), ''),
                                                    nullif(btrim(u.address_city), ''), nullif(btrim(u.address_region), '')), ''),
                                       'latitude', u.latitude, 'longitude', u.longitude,
                                       'wifi_name', u.wifi_name, 'wifi_password', u.wifi_password)
               from public.units u where u.id = b.unit_id),
    'organization', (select jsonb_build_object('id', o.id, 'name', o.name, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = n.organization_id),
    'site', (select jsonb_build_object('name', s.name, 'name_ar', s.name_ar, 'slug', s.slug,
                                       'enabled', s.enabled, 'phone', s.phone, 'email', s.contact_email)
               from public.public_sites s where s.organization_id = n.organization_id),
    'template', case when t.id is not null then private.render_template(t, lang,
                  private.message_values(b.id, lang, true, inv.id, token, c.id, n.organization_id)) end,
    'whatsapp', jsonb_build_object(
      'connected', private.whatsapp_connected(n.organization_id),
      'window_open', c.id is not null and private.whatsapp_window_closes_at(n.organization_id, c.id) is not null));
end;
$$;
comment on function public.guest_notice_claim(uuid) is
  'Service role (guest-notify): leases a due guest notice and returns what its messages need (booking or invoice with its guest link, unit, site, guest, review token, the stay''s active door code, messages already written, the organisation''s custom template rendered for the guest, WhatsApp connected / window open); null when not due; a notice no longer wanted is withdrawn with the reason.';

-- guest-notify (service role) reads the invoice link through the claim.
grant execute on function private.invoice_guest_link(uuid) to service_role;
