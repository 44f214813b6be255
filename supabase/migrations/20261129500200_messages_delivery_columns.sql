-- Guest messaging (issue 16): what a message needs to be sent, retried, tracked and read.
--
--   * public.messages: the template it was written from, the approved WhatsApp template it went
--     out as, an idempotency key (the same key again is the same message), the send attempts and
--     their lease (the messaging function, message_claim / message_finish), the provider's receipts
--     (delivered_at, read_at, failed_at) and, for an incoming message, seen_at (when staff opened
--     the conversation; null = unread). A provider's message id is unique per organisation and
--     channel, so a webhook delivered twice records once.
--   * public.clients: messages_opt_out — the guest asked for no messages (STOP); every send is refused.
--   * public.units: wifi_name / wifi_password for the {{wifi_*}} template variables.

alter table public.messages
  add column template_id uuid,
  add column whatsapp_template jsonb,
  add column idempotency_key uuid,
  add column attempts smallint not null default 0,
  add column next_attempt_at timestamptz,
  add column locked_until timestamptz,
  add column delivered_at timestamptz,
  add column read_at timestamptz,
  add column failed_at timestamptz,
  add column seen_at timestamptz,
  add constraint messages_template_fkey foreign key (organization_id, template_id)
    references public.message_templates (organization_id, id) on delete set null (template_id),
  add constraint messages_whatsapp_template_check check (
    whatsapp_template is null or (jsonb_typeof(whatsapp_template) = 'object'
      and jsonb_typeof(whatsapp_template -> 'name') = 'string')),
  add constraint messages_attempts_check check (attempts between 0 and 10),
  add constraint messages_error_check check (error is null or length(error) <= 1000) not valid;
comment on column public.messages.template_id is 'The template the message was written from (null when typed freely or deleted since).';
comment on column public.messages.whatsapp_template is 'When sent as an approved WhatsApp template: {name, language, params: text[]}.';
comment on column public.messages.idempotency_key is 'The sender''s key: the same key again (same organisation) returns the first message instead of sending twice.';
comment on column public.messages.attempts is 'Send attempts made by the messaging function (outbound).';
comment on column public.messages.next_attempt_at is 'When the next send attempt is due (outbound, queued).';
comment on column public.messages.locked_until is 'Lease of the messaging call sending it; others leave it alone until then.';
comment on column public.messages.delivered_at is 'When the provider reported delivery to the guest''s device.';
comment on column public.messages.read_at is 'When the provider reported the guest read it (WhatsApp read receipt).';
comment on column public.messages.failed_at is 'When sending was given up or the provider reported failure.';
comment on column public.messages.seen_at is 'Inbound: when staff opened the conversation; null = unread.';

create unique index messages_org_idempotency_key on public.messages (organization_id, idempotency_key)
  where idempotency_key is not null;
-- Webhook redelivery is a no-op: one row per provider message.
create unique index messages_org_channel_provider_id_key on public.messages (organization_id, channel, provider_message_id)
  where provider_message_id is not null;
-- The Inbox: latest message per guest, and the unread ones.
create index messages_org_client_created_idx on public.messages (organization_id, client_id, created_at desc);
create index messages_unread_idx on public.messages (organization_id, client_id)
  where direction = 'inbound' and seen_at is null;
-- The retry job: queued outbound messages by due time.
create index messages_due_idx on public.messages (next_attempt_at)
  where status = 'queued' and direction = 'outbound';
create index messages_template_idx on public.messages (organization_id, template_id) where template_id is not null;
-- Unknown senders (no client) are grouped by address.
create index messages_org_from_address_idx on public.messages (organization_id, from_address, created_at desc)
  where client_id is null;

-- As in 20261122001900, and: a browser's row starts unsent with no delivery state of its own.
create or replace function private.messages_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  new.direction := 'outbound';
  new.status := 'queued';
  new.provider_message_id := null;
  new.sent_at := null;
  new.error := null;
  new.sent_by := auth.uid();
  new.attempts := 0;
  new.next_attempt_at := now();
  new.locked_until := null;
  new.delivered_at := null;
  new.read_at := null;
  new.failed_at := null;
  new.seen_at := null;
  new.whatsapp_template := null;
  return new;
end;
$$;

alter table public.clients
  add column messages_opt_out boolean not null default false,
  add column messages_opt_out_at timestamptz;
comment on column public.clients.messages_opt_out is 'The guest asked for no messages (e.g. replied STOP): manual and automatic sends are refused.';
comment on column public.clients.messages_opt_out_at is 'When the guest opted out of messages.';

alter table public.units
  add column wifi_name text check (wifi_name is null or length(wifi_name) <= 64),
  add column wifi_password text check (wifi_password is null or length(wifi_password) <= 64);
comment on column public.units.wifi_name is 'The Wi-Fi network name given to guests ({{wifi_name}}).';
comment on column public.units.wifi_password is 'The Wi-Fi password given to guests ({{wifi_password}}).';
