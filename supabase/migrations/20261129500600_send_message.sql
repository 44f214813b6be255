-- Sending a message to a guest from the Inbox (issue 16): send_message() checks everything a
-- send can be refused for, writes the message queued, and asks the messaging edge function to
-- send it (pg_net, after commit: POST /functions/v1/messaging/send {"id"}); the function reports
-- back through message_finish (20261129500800) and the providers' webhooks. whatsapp_window()
-- tells the composer whether a free-form WhatsApp message can go out (24 hours after the guest's
-- last WhatsApp message) or only an approved template.
--
-- Refusals (HTTP status from PTxyz, stable hint):
--   403 messages_write_required   without messages.write
--   404 client_not_found / booking_not_found / template_not_found   not in the caller's organisation
--   409 client_opted_out          the guest asked for no messages
--   400 client_no_email           e-mail to a guest without an address
--   400 invalid_phone             SMS / WhatsApp to a phone that is not E.164
--   400 message_too_long          SMS > 1000 characters, WhatsApp > 4096, e-mail > 10000
--   409 whatsapp_not_connected    the organisation has no WhatsApp number connected
--   409 whatsapp_window_closed    no WhatsApp from the guest in 24 hours and no approved template
--   400 template_unknown_variable a {{name}} that is not a variable
--   400 fields_required           nothing to send

-- A phone number in E.164 (+ and 8–15 digits) from what staff typed: spaces, dashes, dots and
-- brackets dropped, 00 read as +, a Saudi mobile written 05XXXXXXXX read as +9665XXXXXXXX; null
-- when it is not a phone number.
create function private.e164(phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p ~ '^\+[1-9][0-9]{7,14}$' then p
    when p ~ '^00[1-9][0-9]{7,14}$' then '+' || substr(p, 3)
    when p ~ '^05[0-9]{8}$' then '+966' || substr(p, 2)
  end
  from (select regexp_replace(btrim(coalesce(phone, '')), '[\s().-]', '', 'g') as p) x
$$;
comment on function private.e164(text) is 'A phone number in E.164 form (+9665…), or null when it is not one.';
grant execute on function private.e164(text) to authenticated, service_role;

-- The stay a conversation is about: the guest's current or next one, else their latest (not cancelled).
create function private.client_stay(org uuid, client uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select b.id from public.bookings b
   where b.organization_id = org and b.client_id = client and b.status <> 'cancelled'
   order by (b.check_out >= (now() at time zone 'Asia/Riyadh')::date) desc,
            case when b.check_out >= (now() at time zone 'Asia/Riyadh')::date then b.check_in end asc,
            b.check_in desc
   limit 1
$$;
comment on function private.client_stay(uuid, uuid) is 'A guest''s current or next stay, else their latest (not cancelled): what a message without a booking is about.';
revoke all on function private.client_stay(uuid, uuid) from public;

-- Whether the organisation can send WhatsApp: a number and a token, not disconnected.
create function private.whatsapp_connected(org uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.messaging_settings s
    join public.messaging_secrets k on k.organization_id = s.organization_id and k.provider = 'whatsapp'
    where s.organization_id = org and s.whatsapp_phone_number_id is not null and s.whatsapp_status <> 'not_connected')
$$;
comment on function private.whatsapp_connected(uuid) is 'Whether the organisation has a WhatsApp number and token connected.';
revoke all on function private.whatsapp_connected(uuid) from public;

-- When the guest's 24-hour WhatsApp window closes (their last WhatsApp message + 24 h), or null
-- when it is closed. The guest is the client, or, for an unknown sender, the address.
create function private.whatsapp_window_closes_at(org uuid, client uuid, address text default null)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select max(m.created_at) + interval '24 hours'
  from public.messages m
  where m.organization_id = org and m.channel = 'whatsapp' and m.direction = 'inbound'
    and m.created_at > now() - interval '24 hours'
    and ((client is not null and m.client_id = client)
         or (client is null and address is not null and m.from_address = address))
$$;
comment on function private.whatsapp_window_closes_at(uuid, uuid, text) is
  'When the customer-service window of a guest''s WhatsApp closes (24 h after their last WhatsApp message), null when closed.';
revoke all on function private.whatsapp_window_closes_at(uuid, uuid, text) from public;

-- The composer's question (messages.read): {open, closes_at, connected}.
create function public.whatsapp_window(client_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  closes timestamptz;
begin
  if org is null or not private.has_permission('messages.read') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_read_required', '42501');
  end if;
  if not exists (select 1 from public.clients c where c.id = client_id and c.organization_id = org) then
    perform private.fail('Client not found', 'client_not_found', 'PT404');
  end if;
  closes := private.whatsapp_window_closes_at(org, client_id);
  return jsonb_build_object('open', closes is not null, 'closes_at', closes, 'connected', private.whatsapp_connected(org));
end;
$$;
comment on function public.whatsapp_window(uuid) is
  'messages.read: whether a free-form WhatsApp message can be sent to the guest now (open, closes_at) and whether WhatsApp is connected.';
revoke all on function public.whatsapp_window(uuid) from public, anon;
grant execute on function public.whatsapp_window(uuid) to authenticated;

-- Asks the messaging function to send one message (or every due one when message is null): one
-- pg_net request after the transaction commits, as private.guest_notify_request does.
create function private.messaging_send_request(message uuid)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return null;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'messaging: the Vault secrets project_url and service_role_key are not set; messages are not sent (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/messaging/send',
    body := case when message is null then '{}'::jsonb else jsonb_build_object('id', message) end,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 30000
  );
end;
$$;
comment on function private.messaging_send_request(uuid) is
  'Queues a pg_net call of the messaging function''s /send for one message (or every due one when null), sent after commit. Null when the Vault secrets are missing or while seeding.';
revoke all on function private.messaging_send_request(uuid) from public;

-- The longest body a channel takes.
create function private.message_max_length(channel public.message_channel)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case channel when 'sms' then 1000 when 'whatsapp' then 4096 else 10000 end
$$;
comment on function private.message_max_length(public.message_channel) is 'The longest message body of a channel: SMS 1000, WhatsApp 4096, e-mail 10000 characters.';
grant execute on function private.message_max_length(public.message_channel) to authenticated, service_role;

create function public.send_message(
  client_id uuid,
  channel public.message_channel,
  body text default null,
  booking_id uuid default null,
  template_id uuid default null,
  subject text default null,
  idempotency_key uuid default null
)
returns public.messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  guest public.clients;
  t public.message_templates;
  existing public.messages;
  saved public.messages;
  lang text;
  vals jsonb;
  rendered jsonb;
  address text;
  window_open boolean := false;
  text_body text := nullif(btrim(coalesce(body, '')), '');
  text_subject text := nullif(btrim(coalesce(subject, '')), '');
  wa_template jsonb;
  unknown text[];
begin
  if org is null or not private.has_permission('messages.write') then
    perform private.fail('Permission denied. Contact administrator.', 'messages_write_required', '42501');
  end if;
  if client_id is null or channel is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  -- The same key again is the same message: nothing is sent twice.
  if idempotency_key is not null then
    select * into existing from public.messages m where m.organization_id = org and m.idempotency_key = idempotency_key;
    if existing.id is not null then
      return existing;
    end if;
  end if;
  select * into guest from public.clients c where c.id = client_id and c.organization_id = org;
  if guest.id is null then
    perform private.fail('Client not found', 'client_not_found', 'PT404');
  end if;
  if booking_id is not null and not exists (
       select 1 from public.bookings b where b.id = booking_id and b.organization_id = org) then
    perform private.fail('Booking not found', 'booking_not_found', 'PT404');
  end if;
  if template_id is not null then
    select * into t from public.message_templates m where m.id = template_id and m.organization_id = org;
    if t.id is null then
      perform private.fail('Template not found', 'template_not_found', 'PT404');
    end if;
  end if;
  if guest.messages_opt_out then
    perform private.fail('This guest asked not to receive messages', 'client_opted_out', 'PT409');
  end if;
  if channel = 'email' then
    address := nullif(btrim(coalesce(guest.email, '')), '');
    if address is null then
      perform private.fail('This guest has no e-mail address', 'client_no_email', 'PT400');
    end if;
  else
    address := private.e164(guest.phone);
    if address is null then
      perform private.fail('The guest''s phone number is not valid', 'invalid_phone', 'PT400');
    end if;
  end if;
  if channel = 'whatsapp' then
    if not private.whatsapp_connected(org) then
      perform private.fail('WhatsApp is not connected', 'whatsapp_not_connected', 'PT409');
    end if;
    window_open := private.whatsapp_window_closes_at(org, guest.id) is not null;
  end if;

  -- Without a booking named, the guest's current or next stay (else the latest) fills the variables.
  booking_id := coalesce(booking_id, private.client_stay(org, guest.id));
  lang := coalesce(guest.preferred_language::text, 'ar');
  vals := private.message_values(booking_id, lang, true, guest => guest.id, org => org);
  if t.id is not null then
    rendered := private.render_template(t, lang, vals);
    wa_template := rendered -> 'whatsapp_template';
    -- Staff may edit the rendered text before sending, except where only the approved template may go.
    if text_body is null or (channel = 'whatsapp' and not window_open) then
      text_body := rendered ->> 'body';
    end if;
    text_subject := coalesce(text_subject, nullif(rendered ->> 'subject', ''));
  end if;
  if channel = 'whatsapp' and not window_open and wa_template is null then
    perform private.fail('The guest has not written on WhatsApp in the last 24 hours: send an approved template',
      'whatsapp_window_closed', 'PT409');
  end if;
  if channel <> 'whatsapp' or window_open then
    wa_template := null; -- inside the window (or another channel) the text itself goes out
  end if;
  unknown := private.unknown_message_variables(concat_ws(' ', text_body, text_subject));
  if cardinality(unknown) > 0 then
    perform private.fail(format('Unknown template variable: {{%s}}', unknown[1]), 'template_unknown_variable', 'PT400');
  end if;
  text_body := nullif(btrim(coalesce(private.render_message(text_body, vals), '')), '');
  text_subject := left(private.render_message(text_subject, vals), 200);
  if text_body is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  if length(text_body) > private.message_max_length(channel) then
    perform private.fail('The message is too long', 'message_too_long', 'PT400');
  end if;

  perform set_config('nuzl.trusted_call', 'on', true);
  insert into public.messages (organization_id, client_id, booking_id, channel, direction, to_address, subject, body,
                               status, sent_by, template_id, whatsapp_template, idempotency_key, next_attempt_at)
  values (org, guest.id, booking_id, channel, 'outbound', address, case when channel = 'email' then text_subject end,
          text_body, 'queued', auth.uid(), t.id, wa_template, idempotency_key, now())
  on conflict do nothing -- (organization_id, idempotency_key): a concurrent call with the same key
  returning * into saved;
  perform set_config('nuzl.trusted_call', 'off', true);
  if saved.id is null then
    -- A concurrent call with the same key won: answer its row.
    select * into saved from public.messages m where m.organization_id = org and m.idempotency_key = idempotency_key;
    return saved;
  end if;
  perform private.messaging_send_request(saved.id);
  return saved;
end;
$$;
comment on function public.send_message(uuid, public.message_channel, text, uuid, uuid, text, uuid) is
  'messages.write: queues a message to a guest (WhatsApp, SMS or e-mail; a template rendered in the guest''s language) after the refusals of issue 16 (opted out, no e-mail, invalid phone, too long, WhatsApp not connected or window closed, unknown variable) and asks the messaging function to send it. The same idempotency key returns the first row.';
revoke all on function public.send_message(uuid, public.message_channel, text, uuid, uuid, text, uuid) from public, anon;
grant execute on function public.send_message(uuid, public.message_channel, text, uuid, uuid, text, uuid) to authenticated;
