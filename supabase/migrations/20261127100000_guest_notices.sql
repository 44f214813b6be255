-- The guest hears what happens to their stay (issue 13): a request received, confirmed, declined
-- or lapsed, and after check-out the link to review it. Each of those events is a guest notice;
-- the guest-notify edge function turns a notice into messages (SMS to the guest's phone, e-mail
-- when they gave one) in their language and sends them through the providers' APIs.
--
--   * public.guest_notices: one row per booking and kind (so an event is told once, however
--     often its trigger fires), with the delivery state: attempts, the next attempt, a lease
--     while the function works on it, sent_at when every message went out, failed_at when it
--     gave up (after 6 attempts over about 15 hours).
--   * public.messages gains notice_id: the messages a notice became, one per channel (unique),
--     each with its provider id, status and error. The texts are written once, at the first
--     attempt, and a retry sends the same stored text; a channel already sent is not sent again.
--   * private.bookings_guest_notice(): AFTER trigger on bookings that files a request's notice and
--     asks the function (pg_net, after commit; only the notice id travels). The check-out trigger
--     that creates the stay's review invitation (20261125050000) now files the review_link notice
--     with the invitation's token, kept in private.guest_notice_tokens (out of every API) until
--     the message carrying it is written.
--     The seed's bookings are demo history: seed.sql sets nuzl.seeding and no notice is filed.
--   * Retries: the cron job nuzl-guest-notices calls the function every minute while a notice is
--     due (a failed attempt past its back-off, or a lease that ran out).
--
-- Which events:
--   request_received   a public request (request_expires_at set) is created pending;
--   request_confirmed  staff confirm a public request (pending → confirmed);
--   request_declined   staff decline or cancel a public request (pending → cancelled);
--   request_expired    its hold lapsed (pending → cancelled with the expiry reason);
--   review_link        a direct booking is checked out (OTA guests review on their platform);
--                      filed by the review invitation's trigger, which holds the token.

create type public.guest_notice_kind as enum (
  'request_received', 'request_confirmed', 'request_declined', 'request_expired', 'review_link');
comment on type public.guest_notice_kind is 'What a guest notice tells the guest (guest-notify edge function).';

create table public.guest_notices (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  booking_id uuid not null,
  kind public.guest_notice_kind not null,
  created_at timestamptz not null default now(),
  attempts smallint not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  constraint guest_notices_booking_kind_key unique (booking_id, kind),
  constraint guest_notices_booking_fkey foreign key (organization_id, booking_id)
    references public.bookings (organization_id, id) on delete cascade,
  constraint guest_notices_attempts_check check (attempts between 0 and 6),
  constraint guest_notices_last_error_check check (last_error is null or length(last_error) <= 1000)
);
comment on table public.guest_notices is
  'Events the guest of a booking is told about (request received / confirmed / declined / expired, review link) and their delivery state; sent by the guest-notify edge function.';
comment on column public.guest_notices.next_attempt_at is 'When the next attempt is due (back-off after a failure).';
comment on column public.guest_notices.locked_until is 'Lease of the guest-notify call working on the notice; another call leaves it alone until then.';
comment on column public.guest_notices.sent_at is 'When every message of the notice had been accepted by its provider.';
comment on column public.guest_notices.failed_at is 'When delivery was given up (6 attempts); the messages keep their errors.';

create index guest_notices_org_booking_idx on public.guest_notices (organization_id, booking_id);
-- The cron job's question: is any notice due?
create index guest_notices_due_idx on public.guest_notices (next_attempt_at)
  where sent_at is null and failed_at is null;

alter table public.guest_notices enable row level security;

-- Staff who read bookings see what their guests were told and whether it arrived. Nobody but the
-- service role (the trigger and the edge function) writes notices.
create policy guest_notices_select on public.guest_notices for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('bookings.read'))::uuid[]));

grant select on public.guest_notices to authenticated;
grant all on public.guest_notices to service_role;

-- A review_link notice's token in clear, from check-out until the message that carries it is written
-- (the invitation itself keeps only the token's hash). Private: no API role reads it but the
-- service role, through guest_notice_claim().
create table private.guest_notice_tokens (
  notice_id uuid primary key references public.guest_notices (id) on delete cascade,
  token text not null
);
comment on table private.guest_notice_tokens is
  'The review link token of a review_link guest notice until its message is written; then deleted.';
revoke all on table private.guest_notice_tokens from public, anon, authenticated;
grant select, insert, delete on table private.guest_notice_tokens to service_role;

alter table public.messages add column notice_id uuid references public.guest_notices (id) on delete set null;
comment on column public.messages.notice_id is 'The guest notice this automatic message tells (null for messages staff wrote).';
-- One message per channel per notice: a retry updates it, never sends a second.
-- (Not partial: it also indexes the foreign key; messages staff write have no notice and never collide.)
create unique index messages_notice_channel_key on public.messages (notice_id, channel);

-- Asks the guest-notify function to deliver one notice, or every due one when notice is null:
-- one pg_net request, sent after the calling transaction commits. Security definer so triggers
-- running as staff may read the Vault secrets; null (with a warning) when they are missing.
create function private.guest_notify_request(notice uuid)
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
    raise warning 'guest-notify: the Vault secrets project_url and service_role_key are not set; guests are not told (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/guest-notify',
    body := case when notice is null then '{}'::jsonb else jsonb_build_object('id', notice) end,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 30000
  );
end;
$$;
comment on function private.guest_notify_request(uuid) is
  'Queues a pg_net call of the guest-notify edge function for one notice (or every due one when null), sent after commit. Null when the Vault secrets are missing.';
revoke all on function private.guest_notify_request(uuid) from public;

-- The notice a booking change tells the guest, or null: old_status is null for a new booking.
create function private.guest_notice_kind_for(old_status public.booking_status, new_row public.bookings)
returns public.guest_notice_kind
language sql
stable
set search_path = ''
as $$
  select case
    when old_status is null then
      case when new_row.request_expires_at is not null and new_row.status = 'pending'
           then 'request_received'::public.guest_notice_kind end
    when old_status = new_row.status then null
    when new_row.request_expires_at is not null and old_status = 'pending' and new_row.status = 'confirmed'
      then 'request_confirmed'
    when new_row.request_expires_at is not null and old_status = 'pending' and new_row.status = 'cancelled'
      then case when new_row.cancellation_reason is not distinct from (select r.expired_reason from private.booking_request_rules() r)
                then 'request_expired'::public.guest_notice_kind
                else 'request_declined'::public.guest_notice_kind end
  end
$$;
comment on function private.guest_notice_kind_for(public.booking_status, public.bookings) is
  'Which guest notice a new booking (old_status null) or a status change files, if any.';
revoke all on function private.guest_notice_kind_for(public.booking_status, public.bookings) from public;

-- Files a notice (once per booking and kind) and asks guest-notify to send it; nothing during the seed.
create function private.file_guest_notice(stay public.bookings, notice_kind public.guest_notice_kind, token text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  notice uuid;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return null;
  end if;
  insert into public.guest_notices (organization_id, booking_id, kind)
  values (stay.organization_id, stay.id, notice_kind)
  on conflict (booking_id, kind) do nothing
  returning id into notice;
  if notice is not null then
    if token is not null then
      insert into private.guest_notice_tokens (notice_id, token) values (notice, token);
    end if;
    perform private.guest_notify_request(notice);
  end if;
  return notice;
end;
$$;
comment on function private.file_guest_notice(public.bookings, public.guest_notice_kind, text) is
  'Files a guest notice (once per booking and kind; not while seeding) and queues the guest-notify call.';
revoke all on function private.file_guest_notice(public.bookings, public.guest_notice_kind, text) from public;

create function private.bookings_guest_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind public.guest_notice_kind := private.guest_notice_kind_for(case when tg_op = 'UPDATE' then old.status end, new);
begin
  if kind is not null then
    perform private.file_guest_notice(new, kind);
  end if;
  return null;
end;
$$;
comment on function private.bookings_guest_notice() is
  'AFTER INSERT / UPDATE OF status trigger on bookings: files the guest notice the change calls for (once per booking and kind) and asks guest-notify to send it.';
revoke all on function private.bookings_guest_notice() from public;

create trigger bookings_guest_notice after insert or update of status on public.bookings
  for each row execute function private.bookings_guest_notice();
comment on trigger bookings_guest_notice on public.bookings is
  'Tells the guest about their public request: received, confirmed, declined, expired (guest-notify edge function).';

-- Check-out → the stay's review invitation (as 20261125050000) and, for a direct booking, the
-- notice that sends its link to the guest: the token exists in clear only here, so the notice
-- keeps it until it is sent. Staff re-keying the link later (review_link()) replaces it.
create or replace function private.bookings_review_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text;
begin
  if new.status <> 'checked_out' or old.status = 'checked_out' then
    return null;
  end if;
  if not exists (select 1 from private.review_invitations i where i.booking_id = new.id) then
    token := private.issue_review_invitation(new.id, new.organization_id);
    if token is not null and new.source = 'direct' then
      perform private.file_guest_notice(new, 'review_link', token);
    end if;
  end if;
  return null;
end;
$$;
comment on function private.bookings_review_invitation is
  'After a booking is checked out: its review invitation (single use, 30 days), unless it has one; for a direct booking, the guest notice that sends the link.';

-- Service role (guest-notify): leases a notice for two minutes and counts the attempt. Returns
-- null when it is sent, given up, or leased by another call. Otherwise what the texts need —
-- the booking, its unit, the organisation's site and contact, the guest, a review link's token —
-- and the messages already written for it (a retry resends those).
create function public.guest_notice_claim(notice_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  n public.guest_notices;
  b public.bookings;
  written jsonb;
begin
  update public.guest_notices g
     set attempts = g.attempts + 1, locked_until = now() + interval '2 minutes'
   where g.id = guest_notice_claim.notice_id and g.sent_at is null and g.failed_at is null and g.attempts < 6
     and (g.locked_until is null or g.locked_until < now())
  returning g.* into n;
  if n.id is null then
    return null;
  end if;
  select * into b from public.bookings bk where bk.id = n.booking_id;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'channel', m.channel, 'to_address', m.to_address, 'subject', m.subject,
           'body', m.body, 'status', m.status) order by m.channel), '[]'::jsonb)
    into written
    from public.messages m where m.notice_id = n.id;
  return jsonb_build_object(
    'id', n.id,
    'kind', n.kind,
    'attempts', n.attempts,
    'messages', written,
    'review_token', (select t.token from private.guest_notice_tokens t where t.notice_id = n.id),
    'booking', jsonb_build_object(
      'id', b.id, 'organization_id', b.organization_id, 'reference', b.booking_reference, 'status', b.status, 'source', b.source,
      'check_in', b.check_in, 'check_out', b.check_out, 'nights', b.nights,
      'guests_count', b.guests_count, 'request_expires_at', b.request_expires_at,
      'cancellation_reason', b.cancellation_reason),
    'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'language', c.preferred_language)
                 from public.clients c where c.id = b.client_id),
    'unit', (select jsonb_build_object('id', u.id, 'name', u.name, 'name_ar', u.name_ar,
                                       'check_in_time', to_char(u.check_in_time, 'HH24:MI'),
                                       'check_out_time', to_char(u.check_out_time, 'HH24:MI'),
                                       'city', u.address_city)
               from public.units u where u.id = b.unit_id),
    'organization', (select jsonb_build_object('name', o.name, 'timezone', o.default_timezone)
                       from public.organizations o where o.id = b.organization_id),
    'site', (select jsonb_build_object('name', s.name, 'name_ar', s.name_ar, 'slug', s.slug,
                                       'enabled', s.enabled, 'phone', s.phone, 'email', s.contact_email)
               from public.public_sites s where s.organization_id = b.organization_id));
end;
$$;
comment on function public.guest_notice_claim(uuid) is
  'Service role (guest-notify): leases a due guest notice and returns what its messages need (booking, unit, site, guest, review token, messages already written); null when not due.';
revoke all on function public.guest_notice_claim(uuid) from public, anon, authenticated;
grant execute on function public.guest_notice_claim(uuid) to service_role;

-- Service role (guest-notify): ends an attempt. Sent when every message of the notice is sent;
-- otherwise the error is kept and the next attempt waits 1 min, 5 min, 30 min, 2 h, 12 h; after
-- the sixth, or at once with give_up (nothing to retry: the guest has no phone or e-mail), the
-- notice is given up. The lease is released either way.
create function public.guest_notice_finish(notice_id uuid, error text default null, give_up boolean default false)
returns public.guest_notices
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  n public.guest_notices;
  unsent boolean;
begin
  select exists (select 1 from public.messages m where m.notice_id = guest_notice_finish.notice_id
                   and m.status not in ('sent', 'delivered', 'read'))
         or not exists (select 1 from public.messages m where m.notice_id = guest_notice_finish.notice_id)
    into unsent;
  update public.guest_notices g
     set locked_until = null,
         sent_at = case when not unsent then now() end,
         last_error = case when unsent then left(coalesce(error, 'Not every message was sent'), 1000) end,
         failed_at = case when unsent and (g.attempts >= 6 or guest_notice_finish.give_up) then now() end,
         next_attempt_at = case when unsent then now() + case g.attempts
                             when 1 then interval '1 minute' when 2 then interval '5 minutes'
                             when 3 then interval '30 minutes' when 4 then interval '2 hours'
                             else interval '12 hours' end
                           else g.next_attempt_at end
   where g.id = guest_notice_finish.notice_id
  returning g.* into n;
  -- The token lives on in the written message (a retry resends that text); the notice forgets it.
  delete from private.guest_notice_tokens t
   where t.notice_id = guest_notice_finish.notice_id
     and exists (select 1 from public.messages m where m.notice_id = guest_notice_finish.notice_id);
  return n;
end;
$$;
comment on function public.guest_notice_finish(uuid, text, boolean) is
  'Service role (guest-notify): releases a notice after an attempt: sent when all its messages are, else the error and the back-off (1 min, 5 min, 30 min, 2 h, 12 h; given up after 6 attempts or with give_up).';
revoke all on function public.guest_notice_finish(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.guest_notice_finish(uuid, text, boolean) to service_role;

-- Service role (guest-notify, called with no id): the notices due now, oldest first.
create function public.guest_notices_due(batch_size integer default 20)
returns uuid[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(d.id order by d.next_attempt_at, d.id), '{}')
  from (select g.id, g.next_attempt_at from public.guest_notices g
        where g.sent_at is null and g.failed_at is null and g.next_attempt_at <= now()
          and (g.locked_until is null or g.locked_until < now())
        order by g.next_attempt_at, g.id
        limit least(greatest(coalesce(batch_size, 20), 1), 100)) d
$$;
comment on function public.guest_notices_due(integer) is
  'Service role (guest-notify): ids of the guest notices due for an attempt, oldest first.';
revoke all on function public.guest_notices_due(integer) from public, anon, authenticated;
grant execute on function public.guest_notices_due(integer) to service_role;

-- The minute's job: a call only when a notice is due, so an idle project costs no invocation.
-- (A notice's first attempt is the trigger's call; the job picks up what failed or was cut off.)
create function private.guest_notices_process_due()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.guest_notify_request(null)
  where exists (select 1 from public.guest_notices g
                where g.sent_at is null and g.failed_at is null and g.next_attempt_at <= now()
                  and (g.locked_until is null or g.locked_until < now())
                  and (g.attempts > 0 or g.created_at < now() - interval '1 minute'))
$$;
comment on function private.guest_notices_process_due() is
  'The cron job''s body: calls guest-notify when a guest notice is due (a failed attempt past its back-off, a lapsed lease, or a first call that never came).';
revoke all on function private.guest_notices_process_due() from public;

select cron.schedule('nuzl-guest-notices', '* * * * *', $$select private.guest_notices_process_due()$$);
