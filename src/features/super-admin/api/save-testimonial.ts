import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { TestimonialForm } from '../schemas';
import { superAdminKeys } from './keys';

/**
 * Creates (no id) or edits a landing-page testimonial. Publishing needs the quoted person's
 * permission, which the form records as permission_at (kept when already recorded); the database
 * stamps published_at. Only the super administrator may write (the table's policies).
 */
export function saveTestimonial({
  id,
  form,
  publish,
  permissionAt,
}: {
  id?: string;
  form: TestimonialForm;
  publish: boolean;
  permissionAt?: string | null;
}) {
  const row = {
    author_name: form.author_name,
    author_role: form.author_role || null,
    quote: form.quote,
    language: form.language,
    sort_order: form.sort_order,
    permission_at: form.permission ? (permissionAt ?? new Date().toISOString()) : null,
    is_published: publish && form.permission,
  };
  const request = id
    ? supabase.from('testimonials').update(row).eq('id', id).select('id').single()
    : supabase.from('testimonials').insert(row).select('id').single();
  return run(request);
}

export function useSaveTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTestimonial,
    meta: { errorTitle: 'super-admin:toast.testimonial_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.testimonials() }),
  });
}
