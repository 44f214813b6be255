import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PublicBookingRequest } from '@/domain/public-booking';
import { run } from '@/lib/fetch';
import type { Language } from '@/lib/i18n';
import { supabase } from '@/lib/supabase';
import { publicSiteKeys } from './keys';
import { SLUG_PATTERN } from './get-public-site-page';

/** Only columns granted to visitors (anon). */
const SITE_COLUMNS =
  'id, organization_id, name, name_ar, logo_url, theme_color, slug, max_request_nights, request_horizon_days';
const UNIT_COLUMNS =
  'id, name, name_ar, type, description, description_ar, price_per_night, cleaning_fee, security_deposit, max_guests, bedrooms, bathrooms, area_sqm, amenities, check_in_time, check_out_time, address_city, address_region, tourism_licence_number';
/** The main photo and the gallery: SPEC's four photos plus the main one at most. */
export const PHOTOS_LIMIT = 5;

async function fetchUnitPage(slug: string, unitId: string, signal?: AbortSignal) {
  const normalized = slug.toLowerCase();
  if (!SLUG_PATTERN.test(normalized) || !z.uuid().safeParse(unitId).success) return null;
  const site = await run(
    supabase.from('public_sites').select(SITE_COLUMNS).eq('slug', normalized).eq('enabled', true).maybeSingle(),
    { signal },
  );
  if (!site) return null;
  const [unit, photos] = await Promise.all([
    run(
      supabase
        .from('units')
        .select(UNIT_COLUMNS)
        .eq('id', unitId)
        .eq('organization_id', site.organization_id)
        .eq('is_active', true)
        .maybeSingle(),
      { signal },
    ),
    run(
      supabase
        .from('unit_photos')
        .select('id, storage_path, small_path, caption, is_main, position')
        .eq('unit_id', unitId)
        .order('is_main', { ascending: false })
        .order('position')
        .limit(PHOTOS_LIMIT),
      { signal },
    ),
  ]);
  if (!unit) return null;
  return { site, unit, photos };
}

export type PublicUnitPageData = NonNullable<Awaited<ReturnType<typeof fetchUnitPage>>>;
export type PublicUnitDetail = PublicUnitPageData['unit'];

/**
 * `/org/{slug}/units/{unitId}`, read as an anonymous visitor: the enabled site's booking rules,
 * the active unit and its photos. `null` when the site or the unit is not open to visitors.
 */
export function usePublicUnit(slug: string, unitId: string) {
  return useQuery(
    queryOptions({
      queryKey: publicSiteKeys.unit(slug, unitId),
      queryFn: ({ signal }) => fetchUnitPage(slug, unitId, signal),
    }),
  );
}

const bookedSchema = z.array(z.object({ check_in: z.iso.date(), check_out: z.iso.date() }));

/** Booked date ranges of a unit touching [from, to): dates only, never guest data. */
export function useBookedRanges(unitId: string, from: string, to: string) {
  return useQuery({
    queryKey: publicSiteKeys.booked(unitId, from, to),
    queryFn: ({ signal }) =>
      run(supabase.rpc('unit_booked_ranges', { unit_id: unitId, from_date: from, to_date: to }), {
        signal,
        schema: bookedSchema,
      }),
    placeholderData: keepPreviousData,
    // Availability changes with every request: never trust a copy older than half a minute.
    staleTime: 30_000,
  });
}

const quoteSchema = z.object({
  nights: z.number(),
  price_per_night: z.coerce.number(),
  subtotal: z.coerce.number(),
  cleaning_fee: z.coerce.number(),
  total: z.coerce.number(),
  currency: z.string(),
  available: z.boolean(),
});
export type PublicQuote = z.infer<typeof quoteSchema>;

export interface QuoteInput {
  slug: string;
  unitId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
}

/** The live quote from the database (public_booking_quote) for a chosen stay; off until one is chosen. */
export function usePublicQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: input
      ? publicSiteKeys.quote(input.slug, input.unitId, input.checkIn, input.checkOut, input.guests)
      : [...publicSiteKeys.all, 'quote', 'none'],
    queryFn: ({ signal }) =>
      run(
        supabase.rpc('public_booking_quote', {
          slug: input!.slug,
          unit_id: input!.unitId,
          check_in: input!.checkIn,
          check_out: input!.checkOut,
          guests: input!.guests,
        }),
        { signal, schema: quoteSchema },
      ),
    enabled: input !== null,
    staleTime: 30_000,
    retry: false,
  });
}

const requestedSchema = z.object({
  booking_reference: z.string(),
  check_in: z.iso.date(),
  check_out: z.iso.date(),
  nights: z.number(),
  total_amount: z.coerce.number(),
  expires_at: z.string(),
});
export type RequestedBooking = z.infer<typeof requestedSchema>;

export interface RequestBookingInput {
  slug: string;
  unitId: string;
  checkIn: string;
  checkOut: string;
  language: Language;
  request: PublicBookingRequest;
}

/** Sends the guest's request (request_booking): a pending booking holding the dates for 24 hours. */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form names every refusal under itself (dates taken, guests, limits, network).
    retry: false,
    meta: { skipErrorToast: true },
    // The request now holds its dates: the calendar must show them taken.
    onSuccess: (_booking, { unitId }) =>
      queryClient.invalidateQueries({ queryKey: [...publicSiteKeys.all, 'booked', unitId] }),
    mutationFn: ({ slug, unitId, checkIn, checkOut, language, request }: RequestBookingInput) =>
      run(
        supabase.rpc('request_booking', {
          slug,
          unit_id: unitId,
          check_in: checkIn,
          check_out: checkOut,
          guests_count: request.guests_count,
          guest_name: request.guest_name,
          guest_phone: request.guest_phone,
          guest_email: request.guest_email ?? undefined,
          national_id: request.national_id ?? undefined,
          passport_number: request.passport_number ?? undefined,
          preferred_language: language,
          special_requests: request.special_requests ?? undefined,
        }),
        { schema: requestedSchema },
      ),
  });
}
