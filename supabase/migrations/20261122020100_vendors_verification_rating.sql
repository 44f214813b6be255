-- Vendors, second part (issue 7): verification by an administrator with who and when, and a
-- marketplace rating that is the mean of the ratings organisations gave completed tasks.
--
-- Who may verify: the platform super administrator, and administrators of an organisation
-- that works with the vendor (it is in their organization_vendors). A vendor no organisation
-- has a relationship with can only be verified by the platform. Direct edits of `verified`
-- stay refused by vendors_guard; verification goes through set_vendor_verification().

alter table public.vendors
  add column verification_changed_at timestamptz,
  add column verification_changed_by uuid,
  add column verification_changed_by_name text;
comment on column public.vendors.verification_changed_by_name is 'Who last verified or unverified the vendor (name at that time).';

create function public.set_vendor_verification(vendor_id uuid, verified boolean)
returns public.vendors
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  v public.vendors;
  org uuid := private.current_org_id();
begin
  if verified is null then
    perform private.fail('Please check your input and try again.', 'vendor_verification_invalid', '22023');
  end if;
  if not (private.is_super_admin()
          or (org is not null and private.is_org_admin()
              and exists (select 1 from public.organization_vendors ov
                          where ov.organization_id = org and ov.vendor_id = set_vendor_verification.vendor_id))) then
    perform private.fail('Permission denied. Contact administrator.', 'vendor_verification_forbidden', '42501');
  end if;
  perform private.begin_trusted_call();
  update public.vendors vd
     set verified = set_vendor_verification.verified,
         verified_at = case when set_vendor_verification.verified then coalesce(case when vd.verified then vd.verified_at end, now()) end,
         verification_changed_at = now(),
         verification_changed_by = auth.uid(),
         verification_changed_by_name = (select coalesce(p.full_name, p.phone, p.email) from public.profiles p where p.user_id = auth.uid())
   where vd.id = set_vendor_verification.vendor_id
   returning * into v;
  perform private.end_trusted_call();
  if v.id is null then
    perform private.fail('Permission denied. Contact administrator.', 'vendor_verification_forbidden', '42501');
  end if;
  return v;
end;
$$;
comment on function public.set_vendor_verification is 'Marks a vendor verified or unverified (super administrator, or an administrator of an organisation working with it).';
revoke all on function public.set_vendor_verification from public;
grant execute on function public.set_vendor_verification to authenticated;

-- The marketplace rating of a vendor = the mean of its rated tasks, across organisations,
-- kept current whenever a task's rating or vendor changes. A vendor without any rated task
-- keeps the rating it was listed with.
create function private.refresh_vendor_rating(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  mean numeric;
  n integer;
  -- A trusted caller higher up (e.g. the seed) stays trusted after this returns.
  was text := coalesce(current_setting('nuzl.trusted_call', true), '');
begin
  if target is null then
    return;
  end if;
  select round(avg(t.rating)::numeric, 1), count(*)::integer into mean, n
    from public.tasks t where t.vendor_id = target and t.rating is not null;
  if n = 0 then
    return;
  end if;
  perform private.begin_trusted_call();
  update public.vendors set rating = mean, reviews_count = n where id = target;
  perform set_config('nuzl.trusted_call', was, true);
end;
$$;

create function private.tasks_vendor_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.rating is not null then
    perform private.refresh_vendor_rating(old.vendor_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.rating is not null
     and (tg_op = 'INSERT' or new.vendor_id is distinct from old.vendor_id or new.rating is distinct from old.rating) then
    perform private.refresh_vendor_rating(new.vendor_id);
  end if;
  return null;
end;
$$;
create trigger tasks_vendor_rating after insert or update of rating, vendor_id or delete on public.tasks
  for each row execute function private.tasks_vendor_rating();
