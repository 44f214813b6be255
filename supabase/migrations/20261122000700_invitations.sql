-- Invitations (SPEC §2 Users: invite by e-mail). The invited person is a "pending" user
-- until they accept with the token from the e-mail (accept_invitation()).

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  email text not null check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role_id uuid not null,
  -- Sent in the invitation link; 192 random bits.
  token text not null default encode(sha256(gen_random_uuid()::text::bytea || gen_random_uuid()::text::bytea), 'hex'),
  status public.invitation_status not null default 'pending',
  invited_by uuid default auth.uid(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid,
  created_at timestamptz not null default now(),
  constraint invitations_token_key unique (token),
  foreign key (organization_id, role_id) references public.roles (organization_id, id) on delete cascade
);
comment on table public.invitations is 'E-mail invitations; the user shows as pending until accepted.';
create index invitations_org_role_idx on public.invitations (organization_id, role_id);
create index invitations_role_id_idx on public.invitations (role_id);
-- One open invitation per address and organisation.
create unique index invitations_pending_email_key on public.invitations (organization_id, lower(email))
  where status = 'pending';

-- Plan limit: a pending invitation takes a seat (SPEC §9 basic = 1 user).
create function private.invitations_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  if new.status = 'pending' then
    perform private.check_user_limit(new.organization_id);
  end if;
  if not private.is_trusted() and exists (select 1 from public.roles r where r.id = new.role_id and r.key = 'admin')
     and not private.is_org_admin() then
    perform private.fail('Only administrators can assign the administrator role', 'admin_role_required', '42501');
  end if;
  return new;
end;
$$;
create trigger invitations_before_insert before insert on public.invitations
  for each row execute function private.invitations_before_insert();

alter table public.invitations enable row level security;

-- Holders of users.manage see their organisation's invitations (the pending users).
create policy invitations_select on public.invitations for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('users.manage')))
    or (select private.is_super_admin())
  );
-- Holders of users.manage invite people into their own organisation.
create policy invitations_insert on public.invitations for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('users.manage')));
-- Holders of users.manage revoke or re-date invitations of their organisation.
create policy invitations_update on public.invitations for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('users.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of users.manage delete invitations of their organisation.
create policy invitations_delete on public.invitations for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('users.manage')));

grant select, insert, delete on public.invitations to authenticated;
grant update (status, expires_at, role_id) on public.invitations to authenticated;
grant all on public.invitations to service_role;
