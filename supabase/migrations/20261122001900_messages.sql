-- Guest messages (SPEC §1: WhatsApp-style chat, SMS and e-mail). Outbound rows are queued
-- here and sent by the messaging edge function, which updates their status; inbound rows are
-- written by provider webhooks (service role).

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  client_id uuid,
  booking_id uuid,
  channel public.message_channel not null,
  direction public.message_direction not null default 'outbound',
  to_address text not null,
  from_address text,
  subject text,
  body text not null check (length(body) between 1 and 10000),
  status public.message_status not null default 'queued',
  provider_message_id text,
  error text,
  sent_by uuid default auth.uid(),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (organization_id, client_id) references public.clients (organization_id, id) on delete set null (client_id),
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id)
);
comment on table public.messages is 'Conversation history with guests across WhatsApp, SMS and e-mail.';
create index messages_org_client_idx on public.messages (organization_id, client_id, created_at);
create index messages_org_booking_idx on public.messages (organization_id, booking_id);
create index messages_organization_created_idx on public.messages (organization_id, created_at desc);

-- Browsers only queue outbound messages; delivery state is the provider's to report.
create function private.messages_guard()
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
  return new;
end;
$$;
create trigger messages_guard before insert on public.messages
  for each row execute function private.messages_guard();

alter table public.messages enable row level security;

-- Staff holding messages.read read the messages of their organisation; the super administrator reads all.
create policy messages_select on public.messages for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('messages.read')))
    or (select private.is_super_admin())
  );
-- Holders of messages.write add messages to their own organisation only.
create policy messages_insert on public.messages for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('messages.write')));
-- Messages are history: no update or delete from the browser.

grant select, insert on public.messages to authenticated;
grant all on public.messages to service_role;
