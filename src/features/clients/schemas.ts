import { clientSchema, type ClientInput, type ClientValues } from '@/domain/clients';

/**
 * The client form and its insert/update request use the shared entity schema
 * (src/domain/clients.ts) as it is: the onboarding wizard and the booking dialog's new guest
 * apply the same rules. Messages are `common:validation.*` keys.
 */
export const clientFormSchema = clientSchema;
export type ClientFormInput = ClientInput;
export type ClientFormOutput = ClientValues;

export function emptyClientForm(today: string): ClientFormInput {
  return {
    name: '',
    email: '',
    phone: '',
    nationality: '',
    national_id: '',
    passport_number: '',
    preferred_language: 'ar',
    is_vip: false,
    member_since: today,
  };
}

export const clientSortColumns = ['created_at', 'name', 'member_since', 'nationality'] as const;
export type ClientSort = (typeof clientSortColumns)[number];

export interface ClientListParams {
  search: string;
  vipOnly: boolean;
  sort: ClientSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}
