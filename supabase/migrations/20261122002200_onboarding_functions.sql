-- Onboarding and joining: create_organization() (the wizard's organisation step: the
-- organisation, the caller's profile, the built-in roles with the caller as admin, a disabled
-- public site) and accept_invitation() — each one round trip, all or nothing.

-- Lets our own SECURITY DEFINER functions pass the browser-facing guards for the rest of the
-- transaction after they have validated the caller themselves.
create function private.begin_trusted_call()
returns void
language sql
set search_path = ''
as $$ select set_config('nuzl.trusted_call', 'on', true); $$;

create function private.end_trusted_call()
returns void
language sql
set search_path = ''
as $$ select set_config('nuzl.trusted_call', 'off', true); $$;

create function public.create_organization(
  name text,
  slug text,
  full_name text default null,
  email text default null,
  preferred_language public.language_code default 'ar',
  country public.country_code default 'SA',
  default_currency public.currency_code default 'SAR',
  default_timezone public.org_timezone default 'Asia/Riyadh',
  subscription_plan public.subscription_plan default 'basic',
  name_ar text default null
)
returns public.organizations
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  uid uuid := auth.uid();
  clean_slug text := lower(btrim(coalesce(slug, '')));
  org public.organizations;
  admin_role uuid;
  user_phone text;
begin
  if uid is null then
    perform private.fail('Session expired. Please log in again.', 'not_authenticated', '42501');
  end if;
  if exists (select 1 from public.profiles p where p.user_id = uid and p.kind <> 'staff') then
    perform private.fail('This account cannot own an organization', 'not_staff_account', '42501');
  end if;
  if exists (select 1 from public.profiles p where p.user_id = uid and p.organization_id is not null) then
    perform private.fail('You already belong to an organization', 'already_member', '23505');
  end if;
  if nullif(btrim(coalesce(name, '')), '') is null then
    perform private.fail('This field is required', 'organization_name_required', '23514');
  end if;
  if clean_slug !~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$' then
    perform private.fail('Use lower-case letters, digits and hyphens for the address', 'slug_invalid', '23514');
  end if;
  if exists (select 1 from public.organizations o where o.slug = clean_slug)
     or exists (select 1 from public.public_sites s where s.slug = clean_slug) then
    perform private.fail('This address is already taken', 'slug_taken', '23505');
  end if;

  perform private.begin_trusted_call();
  insert into public.organizations (name, name_ar, slug, country, default_currency, default_timezone, subscription_plan, owner_id)
  values (btrim(name), nullif(btrim(coalesce(name_ar, '')), ''), clean_slug, country, default_currency, default_timezone,
          subscription_plan, uid)
  returning * into org;

  perform private.create_system_roles(org.id);
  select r.id into admin_role from public.roles r where r.organization_id = org.id and r.key = 'admin';

  select u.phone into user_phone from auth.users u where u.id = uid;
  insert into public.profiles (user_id, organization_id, kind, full_name, phone, email, preferred_language, status, last_login_at)
  values (uid, org.id, 'staff', nullif(btrim(coalesce(full_name, '')), ''),
          case when user_phone is not null and user_phone <> '' then '+' || ltrim(user_phone, '+') end,
          nullif(lower(btrim(coalesce(email, ''))), ''), preferred_language, 'active', now());
  insert into public.user_roles (organization_id, user_id, role_id, assigned_by) values (org.id, uid, admin_role, uid);
  insert into public.public_sites (organization_id, enabled, name, name_ar, slug, default_language)
  values (org.id, false, org.name, org.name_ar, org.slug, case when preferred_language = 'en' then 'en' else 'ar' end::public.language_code);
  insert into public.einvoicing_chains (organization_id) values (org.id);
  perform private.end_trusted_call();

  select * into org from public.organizations o where o.id = org.id;
  return org;
end;
$$;
comment on function public.create_organization is 'Onboarding: organisation + profile + built-in roles (caller = admin) + public site.';
revoke all on function public.create_organization from public;
grant execute on function public.create_organization to authenticated;

create function public.accept_invitation(token text)
returns public.profiles
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  uid uuid := auth.uid();
  inv public.invitations;
  prof public.profiles;
  user_row record;
begin
  if uid is null then
    perform private.fail('Session expired. Please log in again.', 'not_authenticated', '42501');
  end if;
  select * into inv from public.invitations i where i.token = accept_invitation.token for update;
  if inv.id is null then
    perform private.fail('This invitation is not valid', 'invitation_invalid', 'P0002');
  end if;
  if inv.status <> 'pending' then
    perform private.fail('This invitation is no longer valid', 'invitation_used');
  end if;
  if inv.expires_at < now() then
    perform private.fail('This invitation has expired', 'invitation_expired');
  end if;
  if exists (select 1 from public.profiles p where p.user_id = uid) then
    perform private.fail('You already belong to an organization', 'already_member', '23505');
  end if;

  perform private.begin_trusted_call();
  update public.invitations set status = 'accepted', accepted_at = now(), accepted_by = uid where id = inv.id;
  select u.phone, u.email, u.raw_user_meta_data into user_row from auth.users u where u.id = uid;
  insert into public.profiles (user_id, organization_id, kind, full_name, phone, email, status, last_login_at)
  values (uid, inv.organization_id, 'staff', nullif(btrim(coalesce(user_row.raw_user_meta_data ->> 'full_name', '')), ''),
          case when user_row.phone is not null and user_row.phone <> '' then '+' || ltrim(user_row.phone, '+') end,
          coalesce(nullif(user_row.email, ''), inv.email), 'active', now())
  returning * into prof;
  insert into public.user_roles (organization_id, user_id, role_id, assigned_by)
  values (inv.organization_id, uid, inv.role_id, inv.invited_by);
  perform private.end_trusted_call();
  return prof;
end;
$$;
comment on function public.accept_invitation is 'Joins the caller to the inviting organisation with the invited role.';
revoke all on function public.accept_invitation from public;
grant execute on function public.accept_invitation to authenticated;
