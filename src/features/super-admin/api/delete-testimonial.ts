import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { superAdminKeys } from './keys';

/** Removes a testimonial from the landing page for good (audited). */
export function deleteTestimonial(id: string) {
  return run(supabase.from('testimonials').delete().eq('id', id));
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimonial,
    meta: { errorTitle: 'super-admin:toast.testimonial_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.testimonials() }),
  });
}
