-- The staff notification of a guest's message (record_inbound_message, 20261129500900) opens that
-- conversation, not just the Inbox: its link names the conversation as the Inbox's ?c= parameter
-- (client:<id>, or address:<phone> for a number no guest has), URL-encoded. Otherwise as before.
create or replace function public.record_inbound_message(phone_number_id text, channel public.message_channel, from_address text,
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
         '/dashboard/inbox?c=' || replace(replace(case when guest.id is not null then 'client:' || guest.id
                                                       else 'address:' || address end, ':', '%3A'), '+', '%2B'),
         'message_received:' || saved
    from public.profiles p
   where p.organization_id = org and p.kind = 'staff' and p.status = 'active'
     and private.user_has_permission(p.user_id, org, 'messages.read')
  on conflict do nothing;
  return saved;
end;
$$;
