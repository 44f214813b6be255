-- Vendor users no longer read unit rows. The units select policy let them read every column
-- of the units of their tasks: prices, lock ids and MAC addresses, lock account user names,
-- descriptions. A cleaner needs where to go and when: vendor_tasks() gives exactly that (unit
-- name, address, city, coordinates, and the check-in and check-out times added for this in
-- 20261122033000_vendor_tasks_bilingual.sql), and the vendor view reads only vendor_tasks().
-- private.vendor_unit_ids() served only that clause and goes with it.

drop policy units_select on public.units;
-- Staff holding units.read read the units of their organisation; the super administrator reads all. Vendor users read none (vendor_tasks() carries what their work needs).
create policy units_select on public.units for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('units.read'))::uuid[])
  );

drop function private.vendor_unit_ids();
