-- Supabase's database roles (docs/local-stack.md, "How a database is built"), as the supabase/postgres init scripts leave them.
-- Roles are cluster-wide on a real server, so every statement tolerates a second run (another
-- database of the same cluster may have created them already).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nologin createdb createrole replication;
  end if;
end $$;

-- 20230529180330_alter_api_roles_for_inherit: the API roles inherit (service_role too).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

-- PostgREST logs in as authenticator (NOINHERIT) and switches to the JWT's role per request.
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;

-- Supabase's postgres role finds extension functions without a schema prefix.
alter role postgres set search_path = "$user", public, extensions;
