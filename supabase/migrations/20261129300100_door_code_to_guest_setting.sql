-- "Send the door code to the guest" (issue 15): when a stay's code is on the lock
-- (lock_code_per_stay, booking_lock_codes), the guest receives it about a day before check-in
-- (20261129300200). On by default: a host who turned codes per stay on wants guests to have them;
-- one who hands codes out in person turns it off. Changed like the other organisation settings
-- (the organizations update policy); the database files nothing while it is off.
alter table public.organizations
  add column door_code_to_guest boolean not null default true;
comment on column public.organizations.door_code_to_guest is
  'Send each stay''s door code to its guest (SMS and e-mail, about 24 hours before check-in).';
