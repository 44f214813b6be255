import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { superAdminKeys } from './keys';

/** Publishes or unpublishes one testimonial as it stands. */
export function setTestimonialPublished({ id, published }: { id: string; published: boolean }) {
  return run(supabase.from('testimonials').update({ is_published: published }).eq('id', id).select('id').single());
}

export function useSetTestimonialPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTestimonialPublished,
    meta: { errorTitle: 'super-admin:toast.testimonial_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.testimonials() }),
  });
}
