-- Opening a subscription checkout needs the platform's seller details (20261128600000): without
-- them no tax invoice could be issued for the payment, so the payer is refused before paying with
-- 409 platform_seller_missing (Settings → Billing explains it). Otherwise as 20261128200400.

create or replace function public.open_subscription_checkout(
  organization_id uuid,
  plan public.subscription_plan,
  billing_cycle text,
  created_by uuid
)
returns public.subscription_checkouts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.organizations;
  blockers jsonb;
  opened public.subscription_checkouts;
begin
  if plan is null or billing_cycle is null or billing_cycle not in ('monthly', 'yearly') then
    perform private.fail('Please check your input and try again.', 'plan_invalid', '22023');
  end if;
  select * into o from public.organizations x where x.id = open_subscription_checkout.organization_id;
  if not found then
    perform private.fail('Organization not found', 'organization_not_found', 'PT404');
  end if;
  if plan = 'enterprise' then
    perform private.fail('The Enterprise plan is arranged with our team: please contact us.', 'enterprise_contact', 'PT409');
  end if;
  if o.subscription_plan = plan and o.billing_cycle = open_subscription_checkout.billing_cycle then
    perform private.fail('Your organization is already on this plan.', 'plan_unchanged', 'PT409');
  end if;
  -- No seller details, no invoice: refuse before the payer pays anything.
  if private.platform_seller() is null then
    perform private.fail('Payments are not available yet. Please contact support.', 'platform_seller_missing', 'PT409');
  end if;
  blockers := private.plan_change_blockers(o.id, plan);
  if jsonb_array_length(blockers) > 0 then
    raise exception using message = 'Your organization uses more than this plan allows.',
      hint = 'plan_downgrade_blocked', errcode = 'PT409', detail = blockers::text;
  end if;
  insert into public.subscription_checkouts
    (organization_id, plan, billing_cycle, previous_plan, previous_billing_cycle, amount_halalas, created_by)
  values (o.id, plan, open_subscription_checkout.billing_cycle, o.subscription_plan, o.billing_cycle,
          private.plan_price_halalas(plan, open_subscription_checkout.billing_cycle),
          open_subscription_checkout.created_by)
  returning * into opened;
  return opened;
end;
$$;
comment on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) is
  'Billing function (service role): a pending checkout at the SPEC §9 price; 409 enterprise_contact / plan_unchanged / platform_seller_missing / plan_downgrade_blocked (blockers in DETAIL).';
revoke all on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) from public, anon, authenticated;
grant execute on function public.open_subscription_checkout(uuid, public.subscription_plan, text, uuid) to service_role;
