-- An organisation created by a browser user starts on the entry plan. create_organization()
-- takes a subscription_plan argument (the wizard never sends one), and until now any signed-in
-- user could pass 'enterprise' and skip billing. Paid plans are set by billing (service role)
-- or by the platform's super administrator, who may create an organisation on any plan.
--
-- Checked on the insert itself, so every way of creating an organisation is covered, and on
-- the JWT's role rather than is_trusted(): create_organization() marks its own writes as
-- trusted, but the plan was chosen by its caller.

-- The entry plan: SPEC §9's Basic plan (also the column default of organizations.subscription_plan).
create function private.organizations_plan_at_creation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.subscription_plan <> 'basic'
     and private.request_role() in ('anon', 'authenticated')
     and not private.is_super_admin() then
    perform private.fail('New organizations start on the Basic plan; other plans are chosen through billing',
                         'plan_not_allowed', '42501');
  end if;
  return new;
end;
$$;
comment on function private.organizations_plan_at_creation is
  'Browser users (other than the super administrator) create organisations on the Basic plan only.';
revoke all on function private.organizations_plan_at_creation from public;
create trigger organizations_plan_at_creation before insert on public.organizations
  for each row execute function private.organizations_plan_at_creation();
