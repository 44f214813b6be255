-- One end state for 20261122039200_vendor_unit_visibility.sql, which was edited after it shipped.
--
-- Its first version (74732c3) dropped the vendor clause of the units select policy and kept
-- private.vendor_unit_ids(); the edited version (6c6066c) also ends with
-- `drop function private.vendor_unit_ids();`. A database that applied the first version still has
-- the function, executable by anon and authenticated (20261122000300_tenancy_helpers.sql granted
-- it to them for the policy), with no caller left; one that applied the edited version does not.
-- Everything else in the two versions is the same (a comment line). Dropping it again, if present,
-- brings both to the same state. Shipped migrations are now frozen by supabase/migrations.sha256.
drop function if exists private.vendor_unit_ids();
