-- Notifications (issue 14), part 2: what a member is told, in the app and by e-mail.
--
--   * public.notifications: one row per recipient — the event, its params (jsonb: the texts are
--     rendered by the reader's app in their language), a link into the app, read_at. A member
--     reads and marks read only their own, in their own organisation (current_org_id(): an
--     inactive member or a suspended organisation reads nothing).
--   * public.notification_deliveries: one row per recipient per channel other than in_app (e-mail
--     now, SMS and WhatsApp later): the address, the delivery state (attempts, back-off, lease,
--     provider id, error) — sent by the notify edge function like the guest notices (20261127100000).
--   * private.notify(): the producers' single entry point. For each enabled rule of the event it
--     finds the recipients (active members of the rule's roles, plus the task's assignee / creator
--     when the rule says so), leaves out the member who acted and those who muted it, and files
--     one row per recipient and channel. dedupe_key makes each event tell a person once, however
--     often its trigger fires. Nothing while seeding.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null,
  event public.notification_event not null,
  params jsonb not null default '{}',
  link text,
  dedupe_key text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_member_fkey foreign key (organization_id, user_id)
    references public.profiles (organization_id, user_id) on delete cascade,
  constraint notifications_dedupe_key unique (user_id, dedupe_key),
  constraint notifications_link_check check (link is null or (link like '/%' and link not like '//%' and length(link) <= 500)),
  constraint notifications_params_check check (jsonb_typeof(params) = 'object')
);
comment on table public.notifications is
  'In-app notifications, one per recipient: event + params (rendered in the reader''s language), a link into the app, read_at.';
comment on column public.notifications.dedupe_key is 'What the notification is about (event and record); a person is told once per key.';

-- The header: newest first, paged, and the unread count.
create index notifications_user_created_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_user_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_org_user_idx on public.notifications (organization_id, user_id);

alter table public.notifications enable row level security;

-- A member reads their own notifications, of the organisation they are an active member of.
create policy notifications_select on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

-- …and marks them read (only read_at is writable).
create policy notifications_update on public.notifications for update to authenticated
  using (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()))
  with check (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant all on public.notifications to service_role;

create table public.notification_deliveries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null,
  channel public.notification_channel not null,
  event public.notification_event not null,
  params jsonb not null default '{}',
  link text,
  dedupe_key text not null,
  to_address text not null,
  created_at timestamptz not null default now(),
  attempts smallint not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  provider_message_id text,
  last_error text,
  constraint notification_deliveries_member_fkey foreign key (organization_id, user_id)
    references public.profiles (organization_id, user_id) on delete cascade,
  constraint notification_deliveries_dedupe_key unique (user_id, channel, dedupe_key),
  constraint notification_deliveries_channel_check check (channel <> 'in_app'),
  constraint notification_deliveries_attempts_check check (attempts between 0 and 6),
  constraint notification_deliveries_last_error_check check (last_error is null or length(last_error) <= 1000)
);
comment on table public.notification_deliveries is
  'Notifications sent outside the app (e-mail; later SMS, WhatsApp), one per recipient and channel, with the delivery state; sent by the notify edge function.';
comment on column public.notification_deliveries.locked_until is 'Lease of the notify call working on the delivery.';

create index notification_deliveries_org_user_idx on public.notification_deliveries (organization_id, user_id);
create index notification_deliveries_due_idx on public.notification_deliveries (next_attempt_at)
  where sent_at is null and failed_at is null;

alter table public.notification_deliveries enable row level security;

-- Administrators see what went out and what failed; only the service role writes.
create policy notification_deliveries_select on public.notification_deliveries for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('settings.manage'))::uuid[]));

grant select on public.notification_deliveries to authenticated;
grant all on public.notification_deliveries to service_role;

-- Asks the notify function to send every due delivery: one pg_net request after commit. Null (with
-- a warning) when the Vault secrets are missing.
create function private.notify_request()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'notify: the Vault secrets project_url and service_role_key are not set; notification e-mails are not sent';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/notify',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 30000
  );
end;
$$;
comment on function private.notify_request() is
  'Queues a pg_net call of the notify edge function (sends every due notification delivery), sent after commit. Null when the Vault secrets are missing.';
revoke all on function private.notify_request() from public;

-- The producers' entry point. Returns how many rows (in-app and deliveries) it filed.
create function private.notify(
  org uuid, notice_event public.notification_event, params jsonb, link text, dedupe_key text,
  assignee uuid default null, creator uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  filed integer := 0;
  delivered integer := 0;
  n integer;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' or org is null then
    return 0;
  end if;
  with recipients as (
    select distinct r.channel, p.user_id, p.email
    from public.notification_rules r
    join public.profiles p on p.organization_id = r.organization_id and p.kind = 'staff' and p.status = 'active'
    where r.organization_id = org and r.event = notice_event and r.enabled
      and (exists (select 1 from public.user_roles ur
                   where ur.organization_id = org and ur.user_id = p.user_id and ur.role_id = any (r.role_ids))
           or (r.notify_assignee and p.user_id = assignee)
           or (r.notify_creator and p.user_id = creator))
      and p.user_id is distinct from actor
      and not exists (select 1 from public.notification_mutes m
                      where m.user_id = p.user_id and m.event = notice_event and m.channel = r.channel)
  ),
  in_app as (
    insert into public.notifications (organization_id, user_id, event, params, link, dedupe_key)
    select org, x.user_id, notice_event, coalesce(notify.params, '{}'), notify.link, notify.dedupe_key
    from recipients x where x.channel = 'in_app'
    on conflict do nothing
    returning 1
  ),
  outside as (
    insert into public.notification_deliveries (organization_id, user_id, channel, event, params, link, dedupe_key, to_address)
    select org, x.user_id, x.channel, notice_event, coalesce(notify.params, '{}'), notify.link, notify.dedupe_key, x.email
    from recipients x where x.channel = 'email' and x.email is not null
    on conflict do nothing
    returning 1
  )
  select (select count(*) from in_app), (select count(*) from outside) into filed, delivered;
  if delivered > 0 then
    perform private.notify_request();
  end if;
  n := filed + delivered;
  return n;
end;
$$;
comment on function private.notify(uuid, public.notification_event, jsonb, text, text, uuid, uuid) is
  'Files a staff notification for each recipient the organisation''s enabled rules name (roles, task assignee/creator), except the acting user and those who muted it; once per person, channel and dedupe_key; nothing while seeding. Queues the notify call for e-mails.';
revoke all on function private.notify(uuid, public.notification_event, jsonb, text, text, uuid, uuid) from public;

-- Service role (notify): leases a delivery for two minutes and counts the attempt; null when it is
-- sent, given up or leased. Otherwise what the e-mail needs: the event, params and link, the
-- recipient (name, language) and the organisation (name, timezone).
create function public.notification_delivery_claim(delivery_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  d public.notification_deliveries;
begin
  update public.notification_deliveries x
     set attempts = x.attempts + 1, locked_until = now() + interval '2 minutes'
   where x.id = notification_delivery_claim.delivery_id and x.sent_at is null and x.failed_at is null and x.attempts < 6
     and (x.locked_until is null or x.locked_until < now())
  returning x.* into d;
  if d.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'id', d.id, 'channel', d.channel, 'event', d.event, 'params', d.params, 'link', d.link,
    'to_address', d.to_address, 'attempts', d.attempts, 'created_at', d.created_at,
    'recipient', (select jsonb_build_object('name', p.full_name, 'language', p.preferred_language, 'status', p.status)
                    from public.profiles p where p.user_id = d.user_id),
    'organization', (select jsonb_build_object('name', o.name, 'name_ar', o.name_ar, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = d.organization_id));
end;
$$;
comment on function public.notification_delivery_claim(uuid) is
  'Service role (notify): leases a due notification delivery and returns what its message needs; null when not due.';
revoke all on function public.notification_delivery_claim(uuid) from public, anon, authenticated;
grant execute on function public.notification_delivery_claim(uuid) to service_role;

-- Service role (notify): ends an attempt — sent with the provider's id, or the error and the
-- back-off (1 min, 5 min, 30 min, 2 h, 12 h); given up after the sixth or with give_up.
create function public.notification_delivery_finish(
  delivery_id uuid, provider_id text default null, error text default null, give_up boolean default false)
returns public.notification_deliveries
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  d public.notification_deliveries;
  ok boolean := notification_delivery_finish.error is null;
begin
  update public.notification_deliveries x
     set locked_until = null,
         sent_at = case when ok then now() end,
         provider_message_id = case when ok then notification_delivery_finish.provider_id else x.provider_message_id end,
         last_error = case when ok then null else left(notification_delivery_finish.error, 1000) end,
         failed_at = case when not ok and (x.attempts >= 6 or notification_delivery_finish.give_up) then now() end,
         next_attempt_at = case when ok then x.next_attempt_at else now() + case x.attempts
                             when 1 then interval '1 minute' when 2 then interval '5 minutes'
                             when 3 then interval '30 minutes' when 4 then interval '2 hours'
                             else interval '12 hours' end end
   where x.id = notification_delivery_finish.delivery_id
  returning x.* into d;
  return d;
end;
$$;
comment on function public.notification_delivery_finish(uuid, text, text, boolean) is
  'Service role (notify): releases a delivery after an attempt: sent (with the provider id), or the error and the back-off; given up after 6 attempts or with give_up.';
revoke all on function public.notification_delivery_finish(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function public.notification_delivery_finish(uuid, text, text, boolean) to service_role;

-- Service role (notify): the deliveries due now, oldest first.
create function public.notification_deliveries_due(batch_size integer default 20)
returns uuid[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(d.id order by d.next_attempt_at, d.id), '{}')
  from (select x.id, x.next_attempt_at from public.notification_deliveries x
        where x.sent_at is null and x.failed_at is null and x.next_attempt_at <= now()
          and (x.locked_until is null or x.locked_until < now())
        order by x.next_attempt_at, x.id
        limit least(greatest(coalesce(batch_size, 20), 1), 100)) d
$$;
comment on function public.notification_deliveries_due(integer) is
  'Service role (notify): ids of the notification deliveries due for an attempt, oldest first.';
revoke all on function public.notification_deliveries_due(integer) from public, anon, authenticated;
grant execute on function public.notification_deliveries_due(integer) to service_role;

-- The minute's job: calls notify only when a delivery is due (a retry past its back-off, a lapsed
-- lease, or a first call that never came), so an idle project costs no invocation.
create function private.notification_deliveries_process_due()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.notify_request()
  where exists (select 1 from public.notification_deliveries x
                where x.sent_at is null and x.failed_at is null and x.next_attempt_at <= now()
                  and (x.locked_until is null or x.locked_until < now())
                  and (x.attempts > 0 or x.created_at < now() - interval '1 minute'))
$$;
comment on function private.notification_deliveries_process_due() is
  'The cron job''s body: calls notify when a notification delivery is due.';
revoke all on function private.notification_deliveries_process_due() from public;

select cron.schedule('nuzl-notification-deliveries', '* * * * *', $$select private.notification_deliveries_process_due()$$);
