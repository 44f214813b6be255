import { z } from 'zod';
import { Constants, type TablesInsert } from '@/types/database';

export const VENDOR_CATEGORIES = Constants.public.Enums.vendor_category;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];

/** Marketplace filters, read from the URL by lib/use-vendor-filters.ts. */
export const VENDOR_SCOPES = ['all', 'mine'] as const;
export interface VendorFilters {
  search: string;
  category: 'all' | VendorCategory;
  scope: (typeof VENDOR_SCOPES)[number];
  verified: 'all' | 'verified';
  page: number;
}
export const VENDORS_PAGE_SIZE = 24;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'validation.too_long' })
    .nullish()
    .transform((value) => (value ? value : null));

/** One schema for the "list a vendor" form and its insert (STYLE 9). */
export const vendorFormSchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.too_long' }),
  name_ar: optionalText(200),
  categories: z.array(z.enum(VENDOR_CATEGORIES)).min(1, { message: 'validation.category_required' }),
  /** Typed as one line, comma separated ("AC repair, Plumbing"). */
  services: z
    .string()
    .max(1000, { message: 'validation.too_long' })
    .transform((value) =>
      value
        .split(/[,،]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  phone: optionalText(30),
  email: z
    .union([z.literal(''), z.email({ message: 'validation.email' })])
    .nullish()
    .transform((value) => (value ? value : null)),
  city: optionalText(120),
  description: optionalText(2000),
});
export type VendorFormInput = z.input<typeof vendorFormSchema>;
export type VendorFormValues = z.output<typeof vendorFormSchema>;

export const emptyVendorForm: VendorFormInput = {
  name: '',
  name_ar: '',
  categories: [],
  services: '',
  phone: '',
  email: '',
  city: '',
  description: '',
};

export function toVendorPayload(values: VendorFormValues): TablesInsert<'vendors'> {
  return { ...values };
}
