-- Foundation: extensions, the private schema and the constants every later migration uses.
--
-- Extensions live in `extensions`, as on hosted Supabase (lint 0014 forbids `public`).
-- `private` holds helpers that RLS policies call and trigger functions; PostgREST does not
-- expose it, so nothing in it is reachable as /rest/v1/… . API roles get USAGE only so that
-- policies (which run as the caller) can call the helper functions granted to them below.

create extension if not exists btree_gist with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Functions are executable by PUBLIC by default in PostgreSQL, and a per-schema ALTER DEFAULT
-- PRIVILEGES cannot take that away. So every function is granted explicitly to the roles that
-- may call it, and 20261122009900_function_privileges.sql revokes PUBLIC from all of them.

-- VAT is one constant shared by the database and the UI (SPEC §9: 15 %).
create function public.vat_rate()
returns numeric
language sql
immutable
set search_path = ''
as $$ select 0.15::numeric $$;
comment on function public.vat_rate() is 'Saudi VAT rate (SPEC §9). The UI reads the same constant.';
grant execute on function public.vat_rate() to anon, authenticated, service_role;

-- Money is kept to halalas (2 decimals), rounded half away from zero like ZATCA's half-up rule.
create function private.round_money(amount numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$ select round(amount, 2) $$;
grant execute on function private.round_money(numeric) to authenticated, service_role;

-- Every table with updated_at keeps it current with this trigger.
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
