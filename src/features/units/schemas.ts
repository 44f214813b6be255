import { z } from 'zod';
import { toUnitRow, UNIT_TYPES, unitSchema, type UnitInput, type UnitValues } from '@/domain/units';

/**
 * The Units editor writes the whole unit: its form and its request use the shared entity
 * schema (src/domain/units.ts) as it is. Messages are `common:validation.*` keys.
 */
export const unitFormSchema = unitSchema;
/** What the inputs hold (strings from text inputs, before coercion). */
export type UnitFormInput = UnitInput;
/** What is saved. */
export type UnitFormValues = UnitValues;
export const toUnitPayload = toUnitRow;

export const UNIT_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UnitStatusFilter = (typeof UNIT_STATUS_FILTERS)[number];

export const UNITS_PAGE_SIZE = 12;

export const unitFiltersSchema = z.object({
  search: z.string().trim().max(100).catch(''),
  type: z.enum(['all', ...UNIT_TYPES]).catch('all'),
  status: z.enum(UNIT_STATUS_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).catch(1),
});
export type UnitFilters = z.infer<typeof unitFiltersSchema>;
