-- The messaging edge function's side of the database (issue 16), service role only:
--
--   * message_claim(id): leases a queued outbound message for 2 minutes and returns what sending
--     needs — the message, the guest, the organisation's messaging settings and its provider
--     tokens; null when it is not due, leased, sent or given up. Messages of guest notices
--     (notice_id set) are guest-notify's and never claimed here.
--   * message_finish(id, provider_message_id, error, give_up): sent, or the error and the
--     back-off (1, 5, 15, 60 min…); given up after 5 attempts (status failed, failed_at).
--   * messages_due(batch_size): the queued messages whose next attempt is due.
--   * record_message_status(channel, provider_message_id, status, error, at): a provider's
--     receipt; the status only moves forward (queued → sent → delivered → read; failed from
--     queued, sent or delivered), with delivered_at / read_at / failed_at.
--   * record_inbound_message(...): a guest's WhatsApp or SMS message: the organisation by its
--     WhatsApp number (or, for SMS, by the guest's phone), the client by phone, deduplicated on
--     the provider's id; STOP / إيقاف / الغاء opts the guest out, START / ابدأ back in; holders of
--     messages.read get the in-app notification "New message from {name}".
--   * Cron nuzl-messages-retry: every minute, calls /functions/v1/messaging/send {} when a
--     message is due (a failed attempt past its back-off, or a lease that ran out).

-- A provider's receipt names only the channel and its id.
create index messages_provider_message_id_idx on public.messages (provider_message_id)
  where provider_message_id is not null;
-- An SMS reply is matched to the guest by phone across organisations.
create index clients_phone_e164_idx on public.clients (private.e164(phone));

create function public.message_claim(message_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  m public.messages;
begin
  update public.messages x
     set locked_until = now() + interval '2 minutes'
   where x.id = message_claim.message_id and x.direction = 'outbound' and x.status = 'queued'
     and x.notice_id is null and x.provider_message_id is null and x.failed_at is null
     and coalesce(x.next_attempt_at, now()) <= now()
     and (x.locked_until is null or x.locked_until < now())
  returning x.* into m;
  if m.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'message', to_jsonb(m),
    'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'language', c.preferred_language, 'opted_out', c.messages_opt_out)
                 from public.clients c where c.id = m.client_id),
    'organization', (select jsonb_build_object('id', o.id, 'name', o.name, 'name_ar', o.name_ar, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = m.organization_id),
    'settings', (select to_jsonb(s) from public.messaging_settings s where s.organization_id = m.organization_id),
    'secrets', jsonb_build_object(
      'whatsapp_token', (select k.access_token from public.messaging_secrets k
                          where k.organization_id = m.organization_id and k.provider = 'whatsapp'),
      'sms_token', (select k.access_token from public.messaging_secrets k
                     where k.organization_id = m.organization_id and k.provider = 'sms')));
end;
$$;
comment on function public.message_claim(uuid) is
  'Service role (messaging): leases a due queued outbound message for 2 minutes and returns {message, client, organization, settings, secrets}; null when not due, leased, sent or given up.';
revoke all on function public.message_claim(uuid) from public, anon, authenticated;
grant execute on function public.message_claim(uuid) to service_role;

create function public.message_finish(message_id uuid, provider_message_id text default null, error text default null,
                                      give_up boolean default false)
returns public.messages
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  m public.messages;
  ok boolean := nullif(btrim(coalesce(message_finish.provider_message_id, '')), '') is not null and message_finish.error is null;
begin
  update public.messages x
     set attempts = least(x.attempts + 1, 10),
         locked_until = null,
         status = case when ok then 'sent'::public.message_status
                       when message_finish.give_up or x.attempts + 1 >= 5 then 'failed'
                       else 'queued' end,
         provider_message_id = case when ok then btrim(message_finish.provider_message_id) else x.provider_message_id end,
         sent_at = case when ok then now() else x.sent_at end,
         error = case when ok then null else left(coalesce(message_finish.error, 'Sending failed'), 1000) end,
         failed_at = case when not ok and (message_finish.give_up or x.attempts + 1 >= 5) then now() end,
         next_attempt_at = case when ok then x.next_attempt_at
                                else now() + case x.attempts + 1 when 1 then interval '1 minute' when 2 then interval '5 minutes'
                                                  when 3 then interval '15 minutes' when 4 then interval '60 minutes'
                                                  else interval '240 minutes' end end
   where x.id = message_finish.message_id and x.direction = 'outbound' and x.status = 'queued'
  returning x.* into m;
  if m.id is null then
    select * into m from public.messages x where x.id = message_finish.message_id;
  end if;
  return m;
end;
$$;
comment on function public.message_finish(uuid, text, text, boolean) is
  'Service role (messaging): ends a send attempt — sent with the provider''s id, or the error and the back-off (1, 5, 15, 60 min); failed after 5 attempts or with give_up.';
revoke all on function public.message_finish(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function public.message_finish(uuid, text, text, boolean) to service_role;

create function public.messages_due(batch_size integer default 20)
returns uuid[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(d.id order by d.next_attempt_at, d.id), '{}')
  from (select m.id, m.next_attempt_at from public.messages m
        where m.status = 'queued' and m.direction = 'outbound' and m.next_attempt_at <= now()
          and m.notice_id is null and m.failed_at is null
          and (m.locked_until is null or m.locked_until < now())
        order by m.next_attempt_at, m.id
        limit least(greatest(coalesce(batch_size, 20), 1), 100)) d
$$;
comment on function public.messages_due(integer) is 'Service role (messaging): ids of the queued outbound messages due for an attempt, oldest first.';
revoke all on function public.messages_due(integer) from public, anon, authenticated;
grant execute on function public.messages_due(integer) to service_role;

create function public.record_message_status(channel public.message_channel, provider_message_id text,
                                             status public.message_status, error text default null,
                                             at timestamptz default now())
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  found public.messages;
  rank_of constant jsonb := '{"queued": 0, "sent": 1, "delivered": 2, "read": 3}';
  moment timestamptz := coalesce(at, now());
begin
  select * into found from public.messages m
   where m.provider_message_id = record_message_status.provider_message_id and m.channel = record_message_status.channel
     and m.direction = 'outbound'
   order by m.created_at desc limit 1;
  if found.id is null or status is null then
    return null;
  end if;
  if status = 'failed' then
    if found.status in ('queued', 'sent', 'delivered') then
      update public.messages m set status = 'failed', failed_at = moment, locked_until = null,
        error = left(coalesce(error, 'The provider reported a failure'), 1000)
       where m.id = found.id;
    end if;
  elsif found.status <> 'failed' and (rank_of ->> status::text)::int > (rank_of ->> found.status::text)::int then
    update public.messages m set status = record_message_status.status,
      sent_at = coalesce(m.sent_at, moment),
      delivered_at = case when record_message_status.status in ('delivered', 'read') then coalesce(m.delivered_at, moment) else m.delivered_at end,
      read_at = case when record_message_status.status = 'read' then coalesce(m.read_at, moment) else m.read_at end
     where m.id = found.id;
  end if;
  return found.id;
end;
$$;
comment on function public.record_message_status(public.message_channel, text, public.message_status, text, timestamptz) is
  'Service role (messaging webhooks): a provider''s delivery receipt; the status only moves forward (failed from queued/sent/delivered); returns the message id or null when unknown.';
revoke all on function public.record_message_status(public.message_channel, text, public.message_status, text, timestamptz) from public, anon, authenticated;
grant execute on function public.record_message_status(public.message_channel, text, public.message_status, text, timestamptz) to service_role;

-- A sender's address as providers give it (WhatsApp: digits without +): E.164 when it is a number.
create function private.inbound_address(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(private.e164(address),
                  case when regexp_replace(btrim(coalesce(address, '')), '[\s().-]', '', 'g') ~ '^[1-9][0-9]{7,14}$'
                       then '+' || regexp_replace(btrim(address), '[\s().-]', '', 'g') end,
                  nullif(btrim(coalesce(address, '')), ''))
$$;
comment on function private.inbound_address(text) is 'A sender address from a provider in E.164 (+ added to bare international digits), else as given.';
revoke all on function private.inbound_address(text) from public;

create function public.record_inbound_message(phone_number_id text, channel public.message_channel, from_address text,
                                              body text, provider_message_id text, sent_at timestamptz default now(),
                                              profile_name text default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  address text := private.inbound_address(from_address);
  org uuid;
  guest public.clients;
  settings public.messaging_settings;
  existing uuid;
  saved uuid;
  text_body text := left(coalesce(nullif(btrim(coalesce(body, '')), ''), '(empty message)'), 10000);
  command text := upper(btrim(coalesce(body, '')));
  moment timestamptz := least(coalesce(sent_at, now()), now());
  sender text;
begin
  if address is null or channel is null or channel = 'email' then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  if channel = 'whatsapp' then
    select s.organization_id into org from public.messaging_settings s
     where s.whatsapp_phone_number_id = nullif(btrim(coalesce(phone_number_id, '')), '');
  else
    -- SMS replies name no account: the organisation that last wrote to this phone, else whose
    -- guest it is (the latest).
    select m.organization_id into org from public.messages m
     where m.channel = 'sms' and m.direction = 'outbound' and m.to_address = address
     order by m.created_at desc limit 1;
    if org is null then
      select c.organization_id into org from public.clients c
       where private.e164(c.phone) = address order by c.created_at desc limit 1;
    end if;
  end if;
  if org is null then
    return null;
  end if;
  -- A webhook delivered twice records once.
  if nullif(btrim(coalesce(provider_message_id, '')), '') is not null then
    select m.id into existing from public.messages m
     where m.organization_id = org and m.channel = channel and m.provider_message_id = btrim(provider_message_id);
    if existing is not null then
      return existing;
    end if;
  end if;
  select * into guest from public.clients c
   where c.organization_id = org and private.e164(c.phone) = address
   order by c.created_at desc limit 1;
  select * into settings from public.messaging_settings s where s.organization_id = org;
  insert into public.messages (organization_id, client_id, channel, direction, to_address, from_address, body, status,
                               provider_message_id, sent_at, created_at, sent_by, booking_id)
  values (org, guest.id, channel, 'inbound',
          coalesce(case when channel = 'whatsapp' then coalesce(settings.whatsapp_display_phone, settings.whatsapp_phone_number_id)
                        else settings.sms_sender end, 'Nuzl'),
          address, text_body, 'delivered', nullif(btrim(coalesce(provider_message_id, '')), ''), moment, moment, null,
          case when guest.id is not null then private.client_stay(org, guest.id) end)
  on conflict do nothing
  returning id into saved;
  if saved is null then
    select m.id into saved from public.messages m
     where m.organization_id = org and m.channel = channel and m.provider_message_id = btrim(provider_message_id);
    return saved;
  end if;
  -- STOP / START (English or Arabic) as the whole message.
  if guest.id is not null then
    if command in ('STOP', 'إيقاف', 'ايقاف', 'الغاء', 'إلغاء', 'UNSUBSCRIBE') then
      update public.clients c set messages_opt_out = true, messages_opt_out_at = now() where c.id = guest.id;
    elsif command in ('START', 'ابدأ', 'ابدا') then
      update public.clients c set messages_opt_out = false, messages_opt_out_at = null where c.id = guest.id;
    end if;
  end if;
  sender := coalesce(guest.name, nullif(btrim(coalesce(profile_name, '')), ''), address);
  -- Holders of messages.read are told in the app (one notification per message).
  insert into public.notifications (organization_id, user_id, event, params, link, dedupe_key)
  select org, p.user_id, 'message_received',
         jsonb_build_object('name', sender, 'channel', channel, 'client_id', guest.id, 'message_id', saved,
                            'body', left(text_body, 140)),
         '/dashboard/inbox', 'message_received:' || saved
    from public.profiles p
   where p.organization_id = org and p.kind = 'staff' and p.status = 'active'
     and private.user_has_permission(p.user_id, org, 'messages.read')
  on conflict do nothing;
  return saved;
end;
$$;
comment on function public.record_inbound_message(text, public.message_channel, text, text, text, timestamptz, text) is
  'Service role (messaging webhooks): records a guest''s WhatsApp/SMS message in the organisation of the number (or of the guest, for SMS), matched to the client by phone, once per provider id; STOP/START opt out/in; notifies holders of messages.read. Null when no organisation owns the number.';
revoke all on function public.record_inbound_message(text, public.message_channel, text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.record_inbound_message(text, public.message_channel, text, text, text, timestamptz, text) to service_role;

-- The minute's job: a call only when a message is due (its first attempt is send_message's call).
create function private.messages_process_due()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.messaging_send_request(null)
  where exists (select 1 from public.messages m
                where m.status = 'queued' and m.direction = 'outbound' and m.next_attempt_at <= now()
                  and m.notice_id is null and m.failed_at is null
                  and (m.locked_until is null or m.locked_until < now())
                  and (m.attempts > 0 or m.created_at < now() - interval '1 minute'))
$$;
comment on function private.messages_process_due() is
  'The cron job''s body: calls the messaging function when a queued message is due (a failed attempt past its back-off, a lapsed lease, or a first call that never came).';
revoke all on function private.messages_process_due() from public;

select cron.schedule('nuzl-messages-retry', '* * * * *', $$select private.messages_process_due()$$);
