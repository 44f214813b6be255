-- One offence per lint rule, for supabase/tests/db-lint-rules.test.ts: proves each rule in
-- ./rules.ts reports what it should (and the comparison with a real splinter run used this file
-- too, see docs/testing.md). Applied to a throwaway test database only; names start with lint_fx.
create schema lint_fx;

-- 0001 a foreign key without an index; 0003 auth.uid() per row; 0006 two permissive policies for
-- one role and action; 0024 an always-true write policy for anon.
create table public.lint_fx_parent (id integer primary key);
create table public.lint_fx_child (id integer primary key, parent_id integer references public.lint_fx_parent (id));
alter table public.lint_fx_parent enable row level security;
alter table public.lint_fx_child enable row level security;
grant select, insert on public.lint_fx_child to anon, authenticated;
create policy lint_fx_per_row on public.lint_fx_child for select to authenticated using (auth.uid() is not null);
create policy lint_fx_second on public.lint_fx_child for select to authenticated using (id > 0);
create policy lint_fx_open_insert on public.lint_fx_child for insert to anon with check (true);
create policy lint_fx_parent_read on public.lint_fx_parent for select to authenticated using ((select auth.uid()) is not null);

-- 0015 a policy that trusts user_metadata.
create policy lint_fx_metadata on public.lint_fx_parent for update to authenticated
  using (((select auth.jwt()) -> 'user_metadata' ->> 'admin') = 'yes');

-- 0004 no primary key; 0008 RLS on without a policy; 0009 two identical indexes.
create table lint_fx.no_pk (a integer);
alter table lint_fx.no_pk enable row level security;
create index lint_fx_no_pk_a on lint_fx.no_pk (a);
create index lint_fx_no_pk_a_again on lint_fx.no_pk (a);

-- 0007 policies while RLS is off.
create table lint_fx.rls_off (id integer primary key);
create policy lint_fx_ignored on lint_fx.rls_off for select using (true);

-- 0013 a table in the API without RLS; 0023 with a secret-looking column.
create table public.lint_fx_open (id integer primary key, password text);
grant select on public.lint_fx_open to anon;

-- 0002 a view of auth.users for signed-in users; 0010 it runs with its owner's rights.
create view public.lint_fx_users as select id, email from auth.users;
grant select on public.lint_fx_users to authenticated;

-- 0011 a function without a fixed search_path; 0028/0029 a SECURITY DEFINER function that
-- anon and authenticated may call (through PUBLIC's default EXECUTE).
create function public.lint_fx_loose() returns integer language sql as 'select 1';
create function public.lint_fx_definer(n integer) returns integer language sql security definer set search_path = ''
  as 'select n';

-- 0014 an extension in public, 0022 at an old version.
create extension citext with schema public version '1.4';

-- 0016 a materialized view in the API.
create materialized view public.lint_fx_totals as select count(*) as n from public.lint_fx_parent;
grant select on public.lint_fx_totals to anon;

-- 0017 a foreign table in the API.
create foreign data wrapper lint_fx_wrapper;
create server lint_fx_server foreign data wrapper lint_fx_wrapper;
create foreign table public.lint_fx_remote (id integer) server lint_fx_server;
grant select on public.lint_fx_remote to authenticated;

-- 0018 a column of a reg* type.
create table lint_fx.reg_column (id integer primary key, handler regproc);

-- 0019 a pgmq queue table without RLS while pgmq_public is exposed (the test exposes it).
create schema pgmq;
create table pgmq.q_lint_fx (msg_id bigint primary key);
grant usage on schema pgmq to anon;
grant select on pgmq.q_lint_fx to anon;

-- 0021 a foreign key to a unique key of auth.users other than its primary key.
create table lint_fx.by_phone (phone text primary key references auth.users (phone));

-- 0025 a public bucket whose files anon may list.
insert into storage.buckets (id, name, public) values ('lint-fx', 'lint-fx', true);
create policy lint_fx_list on storage.objects for select to anon using (bucket_id = 'lint-fx');

-- Edge cases the rules must read the same way splinter does.
-- An index on the right columns in another order does not cover a two-column foreign key (0001).
create table public.lint_fx_pair (a integer, b integer, primary key (a, b));
create table public.lint_fx_pair_ref (id integer primary key, a integer, b integer,
  foreign key (a, b) references public.lint_fx_pair (a, b));
create index lint_fx_pair_ref_b_a on public.lint_fx_pair_ref (b, a);
alter table public.lint_fx_pair enable row level security;
alter table public.lint_fx_pair_ref enable row level security;
-- Policies for PUBLIC count for every role that RLS applies to (0006); 1 = 1 is always true (0024).
create policy lint_fx_pair_delete on public.lint_fx_pair for delete using (a > 0);
create policy lint_fx_pair_delete_too on public.lint_fx_pair for delete using (1 = 1);
-- Not findings: a read policy that lets everyone read (0024 is about writes), a view that runs
-- with the caller's rights (0010), a definer function only signed-in users may call (0029, not 0028).
create policy lint_fx_pair_ref_read on public.lint_fx_pair_ref for select to anon using (true);
create view public.lint_fx_invoker with (security_invoker = on) as select id from public.lint_fx_pair_ref;
grant select on public.lint_fx_invoker to anon;
create function public.lint_fx_members_only() returns integer language sql security definer set search_path = ''
  as 'select 1';
revoke execute on function public.lint_fx_members_only() from public;
grant execute on function public.lint_fx_members_only() to authenticated;
-- A cast in the bucket condition still means "the whole bucket" (0025).
insert into storage.buckets (id, name, public) values ('lint-fx-cast', 'lint-fx-cast', true);
create policy lint_fx_list_cast on storage.objects for select to authenticated using (bucket_id = 'lint-fx-cast'::text);
