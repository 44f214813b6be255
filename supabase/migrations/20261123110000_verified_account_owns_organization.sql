-- An organisation is claimed by a real, verified account (issue 10, item 4).
--
-- Anonymous sign-ins are on (the public pages use them), and until now `POST /auth/v1/signup {}`
-- followed by `rpc create_organization` gave anyone a tenant and its public address (slug) —
-- thirty times an hour per client address, with nothing to tie them to a person. Now the
-- account creating an organisation must not be anonymous and must have a confirmed phone number
-- or e-mail address, as the auth service records them (auth.users.phone_confirmed_at /
-- email_confirmed_at). With confirmations off (local development) the auth service confirms
-- addresses at sign-up, as hosted GoTrue does; production projects keep confirmations on.
--
-- Checked on the insert into organizations, like the plan rule (20261122039100), so every way
-- of creating one is covered; judged by the JWT's role, not is_trusted(), because
-- create_organization() marks its own writes trusted. The service role and direct sessions
-- (billing, support, seed) are not limited. The other ways to hold an organisation are already
-- closed: browsers cannot insert organizations (no grant), owner_id cannot change
-- (organizations_guard), and joining one through accept_invitation() needs the invited,
-- confirmed e-mail address.
create function private.organizations_verified_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.request_role() in ('anon', 'authenticated')
     and (coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
          or not exists (select 1 from auth.users u
                         where u.id = auth.uid()
                           and not coalesce(u.is_anonymous, false)
                           and (u.email_confirmed_at is not null or u.phone_confirmed_at is not null))) then
    perform private.fail('Verify your phone number or e-mail address before creating an organization',
                         'verified_account_required', '42501');
  end if;
  return new;
end;
$$;
comment on function private.organizations_verified_owner() is
  'Browser users create organisations only from an account that is not anonymous and has a confirmed phone or e-mail.';
revoke all on function private.organizations_verified_owner() from public;
create trigger organizations_verified_owner before insert on public.organizations
  for each row execute function private.organizations_verified_owner();
