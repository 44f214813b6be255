import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { superAdminKeys } from './keys';

export type Testimonial = Tables<'testimonials'>;

/** Every landing-page testimonial, drafts included (the super administrator reads them all), in page order. */
export function getTestimonials(signal?: AbortSignal): Promise<Testimonial[]> {
  const request = supabase
    .from('testimonials')
    .select('*')
    .order('sort_order')
    .order('created_at', { ascending: false });
  return run(request, { signal });
}

export function testimonialsQueryOptions() {
  return queryOptions({ queryKey: superAdminKeys.testimonials(), queryFn: ({ signal }) => getTestimonials(signal) });
}

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions());
}
