-- guest_notice_claim (20261129501000) names the notice's organisation — top-level organization_id
-- and organization.id — so guest-notify knows whose messaging settings to use for an invoice
-- notice, which has no booking, without reading the notice again. Otherwise as before.
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
      'currency', coalesce(inv.currency::text, 'SAR'), 'due_date', inv.due_date, 'link', null) end,
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
