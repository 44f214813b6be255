-- Private storage bucket for unit documents (issue 17): the photo or PDF of a unit's Ministry of
-- Tourism licence. Unlike unit-photos it is not public: the app shows a document through a signed URL.
-- Objects live under {organization_id}/{unit_id}/{file}; the policies follow the unit photos'
-- pattern (20261122002800_storage): the first folder must be the caller's organisation.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('unit-documents', 'unit-documents', false, 10485760,
        array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- Staff who may read units list and read (sign URLs for) their own organisation's unit documents.
create policy "nuzl: unit documents read" on storage.objects for select to authenticated
  using (
    bucket_id = 'unit-documents'
    and (storage.foldername(name))[1] = (select private.current_org_id())::text
    and (select private.has_permission('units.read'))
  );

-- Holders of units.write upload unit documents into their organisation's folder.
create policy "nuzl: unit documents upload" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'unit-documents'
    and (storage.foldername(name))[1] = (select private.current_org_id())::text
    and (select private.has_permission('units.write'))
  );

-- The same people replace (upsert) them.
create policy "nuzl: unit documents replace" on storage.objects for update to authenticated
  using (
    bucket_id = 'unit-documents'
    and (storage.foldername(name))[1] = (select private.current_org_id())::text
    and (select private.has_permission('units.write'))
  );

-- The same people remove them.
create policy "nuzl: unit documents remove" on storage.objects for delete to authenticated
  using (
    bucket_id = 'unit-documents'
    and (storage.foldername(name))[1] = (select private.current_org_id())::text
    and (select private.has_permission('units.write'))
  );
