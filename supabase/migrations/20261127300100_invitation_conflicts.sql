-- Inviting someone twice, or inviting a member (issue 14, Users): a clear 409 instead of a unique
-- violation (a second pending invitation to one address hits invitations_pending_email_key) or an
-- invitation that can never be accepted (a member already belongs to the organisation).
--
--   * invitation_already_pending: the organisation already has a pending invitation to this
--     address, expired or not ("Resend" it from the list instead);
--   * invitation_already_member: a member of the organisation already uses this address (their
--     profile's e-mail or their account's).
-- Both look only at the caller's own organisation: invitations_00_tenancy has refused a row that
-- claims another one before this runs, so nothing is learnt about other organisations.

create function private.invitations_conflicts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(new.email));
begin
  if exists (select 1 from public.invitations i
             where i.organization_id = new.organization_id and i.status = 'pending' and lower(i.email) = address) then
    perform private.fail('This address already has a pending invitation. Resend it from the list.',
                         'invitation_already_pending', 'PT409');
  end if;
  if exists (select 1 from public.profiles p
             left join auth.users u on u.id = p.user_id
             where p.organization_id = new.organization_id
               and (lower(btrim(coalesce(p.email, ''))) = address or lower(btrim(coalesce(u.email, ''))) = address)) then
    perform private.fail('This person is already a member of your organization', 'invitation_already_member', 'PT409');
  end if;
  return new;
end;
$$;
comment on function private.invitations_conflicts() is
  'BEFORE INSERT trigger on invitations: 409 when the address already has a pending invitation or belongs to a member of the organisation.';
revoke all on function private.invitations_conflicts() from public;

-- After the tenancy and grant checks (00_, 0_), before the plan limit (before_insert): a duplicate
-- is answered as a duplicate, not as "no seat left".
create trigger invitations_1_conflicts before insert on public.invitations
  for each row execute function private.invitations_conflicts();
