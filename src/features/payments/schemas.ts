import { Constants } from '@/types/database';

/** The payment methods the database takes (SPEC §9: cash, bank transfer, cards, mada, Apple Pay, STC Pay…). */
export const PAYMENT_METHODS = Constants.public.Enums.payment_method;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payments history's filters and page (its state in the URL: lib/payments-url). */
export interface PaymentListParams {
  search: string;
  methods: PaymentMethod[];
  dateFrom: string | null;
  dateTo: string | null;
  page: number;
  pageSize: number;
}
