import { useEffect, useState } from 'react';
import { selectPublic, type PublicRequestOptions } from '@/lib/public-rest';
import type { Tables } from '@/types/database';

/** What the landing shows of a published testimonial (issue 12). */
export type Testimonial = Pick<Tables<'testimonials'>, 'id' | 'author_name' | 'author_role' | 'quote'> & {
  language: 'en' | 'ar';
};

export const TESTIMONIALS_SHOWN = 6;

/** Published testimonials, as a visitor (RLS shows published ones only), in the super administrator's order. */
export function getPublishedTestimonials(options: PublicRequestOptions = {}): Promise<Testimonial[]> {
  return selectPublic<Testimonial>(
    'testimonials',
    `select=id,author_name,author_role,quote,language&is_published=eq.true&order=sort_order.asc,published_at.desc&limit=${TESTIMONIALS_SHOWN}`,
    options,
  );
}

/**
 * The published testimonials, read after the first paint (plain fetch with the anon key, no
 * supabase-js). Empty until they arrive, and when the request fails: the section then stays
 * hidden, as it is when none is published.
 */
export function usePublishedTestimonials(): Testimonial[] {
  const [testimonials, setTestimonials] = useState<Testimonial[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getPublishedTestimonials({ signal: controller.signal }).then(setTestimonials, () => undefined);
    return () => controller.abort();
  }, []);
  return testimonials;
}
