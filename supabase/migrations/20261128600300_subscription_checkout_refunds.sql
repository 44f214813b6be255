-- A payment that cannot be applied is refunded, never kept silently (issue 14 follow-up). When a
-- paid payment of a checkout's own invoice is refused by complete_subscription_checkout (409
-- checkout_stale: the plan changed meanwhile; 409 checkout_mismatch: amount, currency or metadata
-- differ), the billing function refunds it in full at Moyasar (POST /v1/payments/:id/refund) and
-- records the outcome here:
--   refund_pending: the refund call failed; retried on the next callback, webhook or read of the
--                   checkout (the payer's tab polls), and listed in Super admin → Platform health;
--   refunded:       Moyasar answered the payment refunded (refunded_halalas, refunded_at).

alter table public.subscription_checkouts drop constraint subscription_checkouts_status_check;
alter table public.subscription_checkouts add constraint subscription_checkouts_status_check
  check (status in ('pending', 'paid', 'failed', 'refund_pending', 'refunded'));
alter table public.subscription_checkouts
  -- Why the payment was refunded (the tab explains it in the payer's language).
  add column refund_reason text check (refund_reason is null or refund_reason in ('checkout_stale', 'checkout_mismatch')),
  -- What Moyasar refunded, in halalas, and when it answered so.
  add column refunded_halalas integer check (refunded_halalas is null or refunded_halalas > 0),
  add column refunded_at timestamptz,
  -- The last refund failure as the gateway worded it (for the super administrator), and how many tries.
  add column refund_error text check (refund_error is null or length(refund_error) <= 500),
  add column refund_attempts integer not null default 0 check (refund_attempts >= 0),
  add constraint subscription_checkouts_refund_check check (
    (status in ('refund_pending', 'refunded')) = (refund_reason is not null)
    and (status = 'refunded') = (refunded_at is not null and refunded_halalas is not null)
    and (status not in ('refund_pending', 'refunded') or provider_payment_id is not null));
comment on column public.subscription_checkouts.refund_reason is
  'checkout_stale / checkout_mismatch: why the paid payment could not be applied and was refunded.';
create index subscription_checkouts_refund_pending_idx on public.subscription_checkouts (created_at)
  where status = 'refund_pending';

-- record_subscription_checkout_refund(checkout, payment, reason, refunded_halalas, error): the
-- billing function's record of a refund attempt, for the service role only. With refunded_halalas
-- the checkout becomes refunded (once: a second notice changes nothing); without it refund_pending
-- with the error, counting attempts. A paid checkout is never refunded here (409 checkout_paid).
create function public.record_subscription_checkout_refund(
  checkout_id uuid,
  provider_payment_id text,
  reason text,
  refunded_halalas integer default null,
  refund_error text default null
)
returns public.subscription_checkouts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.subscription_checkouts;
begin
  if reason is null or reason not in ('checkout_stale', 'checkout_mismatch')
     or provider_payment_id is null or btrim(provider_payment_id) = '' then
    perform private.fail('Please check your input and try again.', 'invalid_input', '22023');
  end if;
  select * into c from public.subscription_checkouts x where x.id = checkout_id for update;
  if not found then
    perform private.fail('Checkout not found', 'checkout_not_found', 'PT404');
  end if;
  if c.status = 'refunded' then
    return c; -- already settled by another notice
  end if;
  if c.status = 'paid' then
    perform private.fail('This checkout was paid and applied.', 'checkout_paid', 'PT409');
  end if;
  if refunded_halalas is not null then
    update public.subscription_checkouts x
       set status = 'refunded',
           refund_reason = coalesce(x.refund_reason, record_subscription_checkout_refund.reason),
           refunded_halalas = record_subscription_checkout_refund.refunded_halalas,
           refunded_at = now(), refund_error = null, refund_attempts = x.refund_attempts + 1,
           provider_payment_id = record_subscription_checkout_refund.provider_payment_id
     where x.id = c.id
    returning * into c;
  else
    update public.subscription_checkouts x
       set status = 'refund_pending',
           refund_reason = coalesce(x.refund_reason, record_subscription_checkout_refund.reason),
           refund_error = left(coalesce(nullif(btrim(record_subscription_checkout_refund.refund_error), ''), 'Refund failed'), 500),
           refund_attempts = x.refund_attempts + 1,
           provider_payment_id = record_subscription_checkout_refund.provider_payment_id
     where x.id = c.id
    returning * into c;
  end if;
  return c;
end;
$$;
comment on function public.record_subscription_checkout_refund(uuid, text, text, integer, text) is
  'Billing function (service role): a refund of an unappliable payment — refunded (with the amount) once, or refund_pending with the error; 409 checkout_paid.';
revoke all on function public.record_subscription_checkout_refund(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_subscription_checkout_refund(uuid, text, text, integer, text) to service_role;
