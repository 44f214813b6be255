-- The organisation's messaging setup (issue 16): quiet hours for automatic messages, the SMS
-- provider and sender name, the WhatsApp Business number, and each channel's connection status
-- (written by the connection test, POST /functions/v1/messaging/providers/test). Browsers read it
-- and change it only through the RPCs of 20261129500700 (set_messaging_settings,
-- set_messaging_provider, disconnect_messaging_provider). The providers' tokens live in
-- messaging_secrets, which no browser role can read.

create table public.messaging_settings (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  quiet_hours_enabled boolean not null default true,
  quiet_hours_start time not null default '22:00',
  quiet_hours_end time not null default '08:00',
  sms_provider text not null default 'taqnyat' check (sms_provider in ('taqnyat', 'unifonic')),
  sms_sender text check (sms_sender is null or length(btrim(sms_sender)) between 1 and 11),
  sms_status text not null default 'platform' check (sms_status in ('platform', 'not_connected', 'active', 'error')),
  sms_error text check (sms_error is null or length(sms_error) <= 1000),
  sms_tested_at timestamptz,
  whatsapp_phone_number_id text check (whatsapp_phone_number_id is null or whatsapp_phone_number_id ~ '^[0-9]{1,32}$'),
  whatsapp_business_account_id text check (whatsapp_business_account_id is null or whatsapp_business_account_id ~ '^[0-9]{1,32}$'),
  whatsapp_display_phone text check (whatsapp_display_phone is null or length(whatsapp_display_phone) <= 40),
  whatsapp_status text not null default 'not_connected' check (whatsapp_status in ('not_connected', 'active', 'error')),
  whatsapp_error text check (whatsapp_error is null or length(whatsapp_error) <= 1000),
  whatsapp_tested_at timestamptz,
  updated_at timestamptz not null default now()
);
comment on table public.messaging_settings is
  'Per organisation: quiet hours of automatic messages, SMS provider and sender, WhatsApp Business number and each channel''s connection status.';
comment on column public.messaging_settings.quiet_hours_start is 'Scheduled automatic messages due between start and end (organisation time) wait until the end.';
comment on column public.messaging_settings.sms_sender is 'The approved SMS sender name; null = the platform''s SMS_SENDER.';
comment on column public.messaging_settings.sms_status is 'platform = sent through Nuzl''s own gateway account; active / error after testing the organisation''s own account.';
comment on column public.messaging_settings.whatsapp_phone_number_id is 'The WhatsApp Cloud API phone number id (Graph API) messages are sent from; finds the organisation of an incoming message.';
-- An incoming WhatsApp message names the number it was sent to: one organisation per number.
create unique index messaging_settings_whatsapp_number_key on public.messaging_settings (whatsapp_phone_number_id)
  where whatsapp_phone_number_id is not null;

create trigger messaging_settings_touch before update on public.messaging_settings
  for each row execute function private.touch_updated_at();

alter table public.messaging_settings enable row level security;

-- Staff holding integrations.read (the provider cards) or messages.read (the composer needs to
-- know whether WhatsApp is connected) read their organisation's row; the super administrator reads all.
create policy messaging_settings_select on public.messaging_settings for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('integrations.read'))::uuid[])
    or organization_id = any ((select private.readable_org_ids('messages.read'))::uuid[])
  );
-- No insert, update or delete policy: browsers write through the RPCs.

grant select on public.messaging_settings to authenticated;
grant all on public.messaging_settings to service_role;

-- The providers' tokens: the WhatsApp system-user access token; the Taqnyat bearer token or the
-- Unifonic AppSid of the organisation's own SMS account. Service role only (no policy, no grant).
create table public.messaging_secrets (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  provider text not null check (provider in ('whatsapp', 'sms')),
  access_token text not null check (length(access_token) between 1 and 1000),
  updated_at timestamptz not null default now(),
  primary key (organization_id, provider)
);
comment on table public.messaging_secrets is
  'The organisation''s messaging provider tokens (WhatsApp access token, SMS token / AppSid); service role only.';
alter table public.messaging_secrets enable row level security;
revoke all on public.messaging_secrets from public, anon, authenticated;
grant all on public.messaging_secrets to service_role;

create function private.add_messaging_settings(org uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.messaging_settings (organization_id) values (org) on conflict do nothing
$$;
comment on function private.add_messaging_settings(uuid) is 'Gives an organisation its messaging_settings row (defaults) when it has none.';
revoke all on function private.add_messaging_settings(uuid) from public;

create function private.organizations_messaging_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_messaging_settings(new.id);
  return null;
end;
$$;
comment on function private.organizations_messaging_settings() is
  'AFTER INSERT trigger on organizations: the organisation''s messaging settings with their defaults.';
revoke all on function private.organizations_messaging_settings() from public;

create trigger organizations_messaging_settings after insert on public.organizations
  for each row execute function private.organizations_messaging_settings();

select private.add_messaging_settings(o.id) from public.organizations o;
