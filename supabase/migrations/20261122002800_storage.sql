-- Storage buckets for unit photos and organisation assets (logos). Both are public buckets:
-- the public booking page shows photos and logos through public URLs without a token.
-- Objects live under {organization_id}/…; staff write only inside their organisation's folder.
-- There is deliberately no broad SELECT policy (lint 0025): listing is limited to staff of
-- the folder's organisation.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('unit-photos', 'unit-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp']),
  ('org-assets', 'org-assets', true, 2097152, array['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'])
on conflict (id) do nothing;

-- Staff list and read the objects of their own organisation's folders.
create policy "nuzl: staff read own organisation files" on storage.objects for select to authenticated
  using (
    bucket_id in ('unit-photos', 'org-assets')
    and (storage.foldername(name))[1] = (select private.current_org_id())::text
  );

-- Holders of units.write upload unit photos ({org}/{unit}/{file}); holders of
-- public_site.manage or settings.manage upload organisation assets ({org}/{file}).
create policy "nuzl: staff upload own organisation files" on storage.objects for insert to authenticated
  with check (
    (storage.foldername(name))[1] = (select private.current_org_id())::text
    and ((bucket_id = 'unit-photos' and (select private.has_permission('units.write')))
         or (bucket_id = 'org-assets' and ((select private.has_permission('public_site.manage'))
                                           or (select private.has_permission('settings.manage')))))
  );

-- The same people replace (upsert) those files.
create policy "nuzl: staff replace own organisation files" on storage.objects for update to authenticated
  using (
    (storage.foldername(name))[1] = (select private.current_org_id())::text
    and ((bucket_id = 'unit-photos' and (select private.has_permission('units.write')))
         or (bucket_id = 'org-assets' and ((select private.has_permission('public_site.manage'))
                                           or (select private.has_permission('settings.manage')))))
  );

-- The same people remove those files.
create policy "nuzl: staff remove own organisation files" on storage.objects for delete to authenticated
  using (
    (storage.foldername(name))[1] = (select private.current_org_id())::text
    and ((bucket_id = 'unit-photos' and (select private.has_permission('units.write')))
         or (bucket_id = 'org-assets' and ((select private.has_permission('public_site.manage'))
                                           or (select private.has_permission('settings.manage')))))
  );
