-- "A code per stay" (issue 15) is an organisation setting: when on, every confirmed booking of a
-- unit with a smart lock gets its own door code from check-in to check-out time (the
-- booking_lock_codes of 20261128500300). Off by default: a host turns it on once their locks are
-- set up. Changed like the other organisation settings (the organizations update policy).
alter table public.organizations
  add column lock_code_per_stay boolean not null default false;
comment on column public.organizations.lock_code_per_stay is
  'Create a timed smart-lock code for every confirmed booking (check-in to check-out time).';
