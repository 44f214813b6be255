-- The landing page's contact form (issue 12, SPEC §2): a visitor leaves a name, a phone or an
-- e-mail (at least one), a message and their consent; the platform's super administrator reads
-- them. Visitors write only through submit_contact_request(), which checks the input and limits
-- how many messages one client address and one phone or e-mail may send (DESIGN §4: every public
-- entry point is rate-limited). The operator is told of each message by e-mail
-- (20261126100200_contact_request_notify.sql).
--
-- Refusals, each with a stable key in HINT that the page translates:
--   400 (23502) field_required      name or message blank
--   400 (22023) contact_required    neither phone nor e-mail
--   400 (22023) email_invalid       not an e-mail address
--   400 (22023) phone_invalid       not E.164 (+ and 8–15 digits; the page normalises what people type)
--   400 (22023) consent_required    the consent box not ticked
--   400 (22001) input_too_long      name > 120, e-mail > 254, message > 4000 characters
--   429 (PT429) contact_limit_address   5 messages from this address (IPv6: its /64) in 24 hours
--   429 (PT429) contact_limit_contact   3 messages with this phone or e-mail in 24 hours
-- Requests without an address (service role, direct SQL) are not limited by address, as for
-- request_booking().

create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  email text check (email is null or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  phone text check (phone is null or phone ~ '^\+[1-9][0-9]{7,14}$'),
  message text not null check (length(btrim(message)) between 1 and 4000),
  -- The visitor's language: the operator answers in it.
  language text not null default 'ar' check (language in ('en', 'ar')),
  -- When the visitor agreed to be contacted about their message (the form's consent box).
  consent_at timestamptz not null,
  -- When the operator's e-mail about it was accepted by the e-mail provider (contact-notify).
  notified_at timestamptz,
  -- When the super administrator marked it answered.
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint contact_requests_reachable check (email is not null or phone is not null)
);
comment on table public.contact_requests is
  'Messages from the landing page''s contact form (issue 12): written through submit_contact_request() only; read and handled by the super administrator.';
create index contact_requests_created_idx on public.contact_requests (created_at desc);
create index contact_requests_email_idx on public.contact_requests (lower(email), created_at) where email is not null;
create index contact_requests_phone_idx on public.contact_requests (private.phone_key(phone), created_at) where phone is not null;

alter table public.contact_requests enable row level security;

-- The super administrator reads every message; nobody else reads any.
create policy contact_requests_select on public.contact_requests for select to authenticated
  using ((select private.is_super_admin()));
-- The super administrator marks messages handled.
create policy contact_requests_update on public.contact_requests for update to authenticated
  using ((select private.is_super_admin()))
  with check ((select private.is_super_admin()));
-- The super administrator deletes messages (a visitor's request to erase their data, PDPL).
create policy contact_requests_delete on public.contact_requests for delete to authenticated
  using ((select private.is_super_admin()));

revoke all on table public.contact_requests from public, anon, authenticated;
grant select, delete on table public.contact_requests to authenticated;
grant update (handled_at) on table public.contact_requests to authenticated;
grant all on table public.contact_requests to service_role;

-- Which address sent each message, for the per-address limit. Kept apart (the unexposed private
-- schema) because the operator does not need it, and only as long as the limit looks back.
create table private.contact_request_origins (
  request_id uuid primary key references public.contact_requests (id) on delete cascade,
  client_address text not null,
  created_at timestamptz not null default now()
);
comment on table private.contact_request_origins is
  'Client address key of each contact-form message (submit_contact_request), for its per-address limit; rows older than a day are deleted.';
create index contact_request_origins_address_idx on private.contact_request_origins (client_address, created_at);
revoke all on table private.contact_request_origins from public, anon, authenticated;
grant select, insert, delete on table private.contact_request_origins to service_role;

-- The limits, in one place.
create function private.contact_request_rules(
  out max_per_address integer,
  out max_per_contact integer,
  out look_back interval
)
language sql
immutable
set search_path = ''
as $$
  select 5, 3, interval '24 hours'
$$;
comment on function private.contact_request_rules is
  'Contact-form limits: messages per client address and per phone or e-mail within the look-back.';
revoke all on function private.contact_request_rules from public;

create function public.submit_contact_request(
  name text,
  message text,
  consent boolean,
  email text default null,
  phone text default null,
  language text default 'ar'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  rules record;
  clean_name text := btrim(coalesce(name, ''));
  clean_message text := btrim(coalesce(message, ''));
  clean_email text := nullif(lower(btrim(coalesce(email, ''))), '');
  clean_phone text := nullif(regexp_replace(coalesce(phone, ''), '[[:space:]]', '', 'g'), '');
  address text := private.client_address_key(private.request_client_address());
  phone_key text;
  request public.contact_requests;
begin
  select * into rules from private.contact_request_rules();
  if clean_name = '' or clean_message = '' then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  if clean_email is null and clean_phone is null then
    perform private.fail('Please leave a phone number or an e-mail address', 'contact_required', '22023');
  end if;
  if length(clean_name) > 120 or length(clean_message) > 4000 or length(coalesce(clean_email, '')) > 254 then
    perform private.fail('Please check your input and try again.', 'input_too_long', '22001');
  end if;
  if clean_email is not null and clean_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform private.fail('Invalid email address', 'email_invalid', '22023');
  end if;
  if clean_phone is not null and clean_phone !~ '^\+[1-9][0-9]{7,14}$' then
    perform private.fail('Invalid phone number', 'phone_invalid', '22023');
  end if;
  if consent is not true then
    perform private.fail('Please agree to be contacted about your message', 'consent_required', '22023');
  end if;

  -- Counted under advisory locks, so concurrent messages count one after another.
  phone_key := case when clean_phone is not null then private.phone_key(clean_phone) end;
  if address is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact-address:' || address, 0));
  end if;
  if phone_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact-phone:' || phone_key, 0));
  end if;
  if clean_email is not null then
    perform pg_advisory_xact_lock(hashtextextended('contact-email:' || clean_email, 0));
  end if;
  if address is not null then
    delete from private.contact_request_origins o where o.created_at < now() - rules.look_back;
    if (select count(*) from private.contact_request_origins o
        where o.client_address = address and o.created_at > now() - rules.look_back) >= rules.max_per_address then
      perform private.fail('Too many messages from this connection. Please try again tomorrow.',
                           'contact_limit_address', 'PT429');
    end if;
  end if;
  if (select count(*) from public.contact_requests c
      where c.created_at > now() - rules.look_back
        and ((phone_key is not null and c.phone is not null and private.phone_key(c.phone) = phone_key)
             or (clean_email is not null and c.email is not null and lower(c.email) = clean_email)))
     >= rules.max_per_contact then
    perform private.fail('We already have your messages and will reply soon.', 'contact_limit_contact', 'PT429');
  end if;

  insert into public.contact_requests (name, email, phone, message, language, consent_at)
  values (clean_name, clean_email, clean_phone, clean_message,
          case when submit_contact_request.language = 'en' then 'en' else 'ar' end, now())
  returning * into request;
  if address is not null then
    insert into private.contact_request_origins (request_id, client_address) values (request.id, address);
  end if;
  return jsonb_build_object('id', request.id, 'created_at', request.created_at);
end;
$$;
comment on function public.submit_contact_request is
  'A visitor''s message from the landing page''s contact form: checks name, phone or e-mail, message and consent; at most 5 per client address and 3 per phone or e-mail in 24 hours (429).';
revoke execute on function public.submit_contact_request(text, text, boolean, text, text, text) from public;
grant execute on function public.submit_contact_request(text, text, boolean, text, text, text) to anon, authenticated;
