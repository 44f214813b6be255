-- Photos of a task's result (issue 7) in a private bucket, under {organization_id}/{task_id}/…
-- Private, because they show the inside of guests' homes: the app shows them through signed
-- URLs. Staff of the organisation read them (tasks.read) and add or remove them
-- (tasks.write); a vendor user reads and adds photos only in the folders of tasks assigned
-- to its vendor, and removes only what it uploaded itself.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('task-photos', 'task-photos', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- '{organization_id}/{task_id}' of every task assigned to the caller's vendor(s).
create function private.vendor_task_folders()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select array_agg(t.organization_id::text || '/' || t.id::text) from public.tasks t
     where t.vendor_id = any (private.current_vendor_ids()) and t.status <> 'cancelled'),
    '{}'::text[]);
end;
$$;
revoke all on function private.vendor_task_folders() from public;
grant execute on function private.vendor_task_folders() to authenticated, service_role;

-- Staff with tasks.read see their organisation's task photos; vendor users see those of the tasks assigned to them.
create policy "nuzl: task photos read" on storage.objects for select to authenticated
  using (
    bucket_id = 'task-photos'
    and (((storage.foldername(name))[1] = (select private.current_org_id())::text and (select private.has_permission('tasks.read')))
         or ((storage.foldername(name))[1] || '/' || (storage.foldername(name))[2]) = any ((select private.vendor_task_folders())::text[]))
  );

-- Staff with tasks.write, and vendor users for their own tasks, upload into {org}/{task}/.
create policy "nuzl: task photos upload" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'task-photos'
    and (((storage.foldername(name))[1] = (select private.current_org_id())::text and (select private.has_permission('tasks.write')))
         or ((storage.foldername(name))[1] || '/' || (storage.foldername(name))[2]) = any ((select private.vendor_task_folders())::text[]))
  );

-- Staff with tasks.write remove any photo of their organisation's tasks; vendor users remove the photos they uploaded themselves.
create policy "nuzl: task photos remove" on storage.objects for delete to authenticated
  using (
    bucket_id = 'task-photos'
    and (((storage.foldername(name))[1] = (select private.current_org_id())::text and (select private.has_permission('tasks.write')))
         or (owner_id = (select auth.uid())::text
             and ((storage.foldername(name))[1] || '/' || (storage.foldername(name))[2]) = any ((select private.vendor_task_folders())::text[])))
  );
