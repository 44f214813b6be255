-- Background work as on a hosted Supabase project (docs/local-stack.md, "Background jobs"): the SQL
-- surface of pg_cron 1.6 (schema cron), pg_net 0.20 (schema net) and supabase_vault 0.3 (schema
-- vault), so one migration that schedules an edge function with cron.schedule + net.http_post +
-- vault.decrypted_secrets runs unchanged here and on hosted. Neither PGlite nor the PostgreSQL lane
-- has the real extensions; the stack's Node side (supabase/local/jobs) plays their background
-- workers: it runs due cron jobs as their user and records cron.job_run_details, and sends the
-- committed rows of net.http_request_queue, keeping answers in net._http_response.
-- Objects whose name starts with "_local" exist only here (the schedule parser, the vault key).

-- ---------------------------------------------------------------------------------------------
-- pg_cron (citusdata/pg_cron pg_cron.sql + upgrade scripts to 1.6)
create schema if not exists cron;
create sequence if not exists cron.jobid_seq;
create table if not exists cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default coalesce(inet_server_port(), 5432),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);

create sequence if not exists cron.runid_seq;
create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- The values one field of a 5-field schedule stands for, as pg_cron's (vixie cron's) parser reads
-- it: `*`, `n`, `a-b`, any of them `/step`, comma lists, month and weekday names; weekday 7 is
-- Sunday; `$` (day of month only) is the month's last day, returned as 32. Raises on anything else.
create or replace function cron._local_field_values(field text, lo int, hi int, names text[] default null)
returns int[]
language plpgsql immutable
set search_path = ''
as $$
declare
  item text;
  m text[];
  a int;
  b int;
  step int;
  out int[] := '{}';
  name_pos int;
begin
  if field is null or field = '' then
    raise exception 'empty field';
  end if;
  foreach item in array string_to_array(lower(field), ',') loop
    if item = '$' and hi = 31 then
      out := out || 32;
      continue;
    end if;
    m := regexp_match(item, '^(\*|[0-9]+|[a-z]{3})(?:-([0-9]+|[a-z]{3}))?(?:/([0-9]+))?$');
    if m is null or (m[1] = '*' and m[2] is not null) then
      raise exception 'bad item "%"', item;
    end if;
    for i in 1..2 loop
      if m[i] ~ '^[a-z]{3}$' then
        name_pos := array_position(names, m[i]);
        if name_pos is null then
          raise exception 'unknown name "%"', m[i];
        end if;
        m[i] := (name_pos - 1 + lo)::text;
      end if;
    end loop;
    if m[1] = '*' then
      a := lo;
      b := hi;
    else
      a := m[1]::int;
      -- `a/step` runs from a to the end of the range, as in vixie cron.
      b := coalesce(m[2]::int, case when m[3] is not null then hi else a end);
    end if;
    step := coalesce(m[3]::int, 1);
    if a < lo or b > hi or a > b or step < 1 then
      raise exception 'value out of range in "%"', item;
    end if;
    out := out || array(select generate_series(a, b, step));
  end loop;
  return out;
end $$;

-- Is `schedule` (5 fields, UTC as pg_cron's default cron.timezone) due in the minute of `at`?
-- When both day fields are restricted (neither starts with `*`) either may match, as in cron.
create or replace function cron._local_schedule_due(schedule text, at timestamptz)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  f text[] := regexp_split_to_array(btrim(schedule), '\s+');
  t timestamp := at at time zone 'UTC';
  dom int[];
  dow int[];
  dom_ok boolean;
  dow_ok boolean;
  last_day int;
begin
  if array_length(f, 1) <> 5 then
    raise exception 'expected 5 fields';
  end if;
  dom := cron._local_field_values(f[3], 1, 31);
  dow := cron._local_field_values(f[5], 0, 7, array['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  if not (extract(minute from t)::int = any (cron._local_field_values(f[1], 0, 59))) then return false; end if;
  if not (extract(hour from t)::int = any (cron._local_field_values(f[2], 0, 23))) then return false; end if;
  if not (extract(month from t)::int = any (cron._local_field_values(f[4], 1, 12,
      array['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']))) then
    return false;
  end if;
  last_day := extract(day from (date_trunc('month', t) + interval '1 month - 1 day'))::int;
  dom_ok := extract(day from t)::int = any (dom) or (32 = any (dom) and extract(day from t)::int = last_day);
  dow_ok := extract(dow from t)::int = any (dow) or (extract(dow from t)::int = 0 and 7 = any (dow));
  if left(f[3], 1) = '*' or left(f[5], 1) = '*' then
    return dom_ok and dow_ok;
  end if;
  return dom_ok or dow_ok;
end $$;

-- Refuses what pg_cron refuses: not 5 valid fields and not the interval form `[1-59] seconds`.
create or replace function cron._local_check_schedule(schedule text)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if schedule ~* '^\s*[0-9]+\s+seconds?\s*$' then
    if (regexp_match(schedule, '[0-9]+'))[1]::int between 1 and 59 then
      return;
    end if;
  else
    begin
      perform cron._local_schedule_due(schedule, now());
      return;
    exception when others then
      null;
    end;
  end if;
  raise exception 'invalid schedule: %', schedule
    using errcode = '22023', hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
end $$;

-- cron.schedule(schedule, command): a new unnamed job of the current user.
create or replace function cron.schedule(schedule text, command text)
returns bigint
language plpgsql strict
set search_path = ''
as $$
declare
  id bigint;
begin
  perform cron._local_check_schedule(schedule);
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end $$;

-- cron.schedule(job_name, schedule, command): creates the job, or updates the current user's job
-- of that name (and reactivates it), returning its id.
create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  if job_name is null or schedule is null or command is null then
    raise exception 'job_name, schedule and command must not be null' using errcode = '22004';
  end if;
  perform cron._local_check_schedule(schedule);
  insert into cron.job (jobname, schedule, command)
  values (job_name, schedule, command)
  on conflict on constraint jobname_username_uniq
  do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database, active = true
  returning jobid into id;
  return id;
end $$;

create or replace function cron.unschedule(job_id bigint)
returns boolean
language plpgsql strict
set search_path = ''
as $$
begin
  delete from cron.job where jobid = job_id and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = '22023';
  end if;
  return true;
end $$;

create or replace function cron.unschedule(job_name text)
returns boolean
language plpgsql strict
set search_path = ''
as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name using errcode = '22023';
  end if;
  return true;
end $$;

create or replace function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if schedule is not null then
    perform cron._local_check_schedule(schedule);
  end if;
  update cron.job j
  set schedule = coalesce(alter_job.schedule, j.schedule),
      command = coalesce(alter_job.command, j.command),
      database = coalesce(alter_job.database, j.database),
      username = coalesce(alter_job.username, j.username),
      active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = '22023';
  end if;
end $$;

-- Grants as Supabase's grant_pg_cron_access leaves them: the cron schema belongs to postgres; the
-- API roles (anon, authenticated, service_role) have no access to it at all.
revoke all on schema cron from public;
grant usage on schema cron to postgres with grant option;
revoke all on all tables in schema cron from public;
grant select on cron.job to postgres with grant option;
grant select, delete on cron.job_run_details to postgres with grant option;
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;

-- ---------------------------------------------------------------------------------------------
-- pg_net (supabase/pg_net sql/pg_net.sql 0.20), with the grants Supabase's grant_pg_net_access
-- applies: http_get/http_post run as the owner, callable by postgres and the API roles.
create schema if not exists net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- pg_net's C helpers, in SQL: percent-encoding (RFC 3986 unreserved kept) and the query string.
create or replace function net._urlencode_string(string varchar)
returns text
language sql immutable
set search_path = ''
as $$
  select coalesce(string_agg(
    case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
      then chr(b) else '%' || upper(lpad(to_hex(b), 2, '0')) end, '' order by i), '')
  from (select get_byte(convert_to(string, 'UTF8'), i) as b, i
        from generate_series(0, octet_length(convert_to(string, 'UTF8')) - 1) i) bytes
$$;

create or replace function net._encode_url_with_params_array(url text, params_array text[])
returns text
language sql immutable
set search_path = ''
as $$
  select case when coalesce(array_length(params_array, 1), 0) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&') end
$$;

-- The local worker polls the queue; waking it is a no-op (pg_net signals its background worker).
create or replace function net.wake() returns void language sql as $$ select $$;
create or replace function net.check_worker_is_up() returns void language sql as $$ select $$;
create or replace function net.wait_until_running() returns void language sql as $$ select $$;
create or replace function net.worker_restart() returns bool language sql as $$ select true $$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
security definer
set search_path = net
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, params_array), headers, timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end $$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
security definer
set search_path = net
as $$
declare
  request_id bigint;
  params_array text[];
  content_type text;
begin
  select header_value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) r(header_name, header_value)
  where lower(header_name) = 'content-type'
  limit 1;
  if content_type is null then
    select headers || '{"Content-Type": "application/json"}'::jsonb into headers;
  end if;
  if content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, params_array), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end $$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
set search_path = net
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, params_array), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end $$;

create or replace function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
set search_path = ''
as $$
declare
  rec net._http_response;
begin
  if not async then
    raise exception 'synchronous collection is not supported locally: the worker sends after commit';
  end if;
  select * into rec from net._http_response where id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end $$;

create or replace function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
set search_path = ''
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end $$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
grant usage on schema net to postgres, anon, authenticated, service_role;
revoke all on function net.http_get(text, jsonb, jsonb, int) from public;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, int) from public;
grant execute on function net.http_get(text, jsonb, jsonb, int) to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, int) to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Vault (supabase/vault sql/supabase_vault--0.3.0.sql): secrets stored encrypted, readable in clear
-- only through vault.decrypted_secrets, which only postgres may read. The key lives in
-- vault._local_key (hosted: outside the database, in the server's key file).
create schema if not exists vault;
create table if not exists vault._local_key (key text not null);
insert into vault._local_key (key)
select encode(extensions.gen_random_bytes(32), 'base64') where not exists (select 1 from vault._local_key);

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default extensions.gen_random_bytes(16),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

create or replace function vault._local_encrypt(secret text, id uuid)
returns text
language sql volatile
set search_path = ''
as $$
  select encode(extensions.pgp_sym_encrypt(secret, (select key from vault._local_key) || id::text), 'base64')
$$;

create or replace view vault.decrypted_secrets as
select s.id,
  s.name,
  s.description,
  s.secret,
  extensions.pgp_sym_decrypt(decode(s.secret, 'base64'), (select key from vault._local_key) || s.id::text) as decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
from vault.secrets s;

create or replace function vault.create_secret(
  new_secret text,
  new_name text = null,
  new_description text = '',
  new_key_id uuid = null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_id uuid := gen_random_uuid();
begin
  insert into vault.secrets (id, secret, name, description)
  values (new_id, vault._local_encrypt(new_secret, new_id), new_name, coalesce(new_description, ''));
  return new_id;
end $$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text = null,
  new_name text = null,
  new_description text = null,
  new_key_id uuid = null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update vault.secrets s
  set secret = case when new_secret is null then s.secret else vault._local_encrypt(new_secret, s.id) end,
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      updated_at = now()
  where s.id = secret_id;
end $$;

revoke all on schema vault from public;
revoke all on all tables in schema vault from public;
revoke all on function vault._local_encrypt(text, uuid), vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid) from public;
grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets to postgres with grant option;
grant select on vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  to postgres with grant option;
