import { toUnitRow, unitSchema, type UnitInput, type UnitType, type UnitValues } from '@/domain/units';

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

/** The list's licence filter (issue 17): every unit, or those whose licence needs attention. */
export const UNIT_LICENCE_FILTERS = ['all', 'attention'] as const;
export type UnitLicenceFilter = (typeof UNIT_LICENCE_FILTERS)[number];

export const UNITS_PAGE_SIZE = 12;

/** The list's query, read from the URL by lib/use-unit-filters.ts. */
export interface UnitFilters {
  search: string;
  type: 'all' | UnitType;
  status: UnitStatusFilter;
  page: number;
  /** Absent = all; 'attention' = licence missing, expired or expiring within 30 days. */
  licence?: UnitLicenceFilter;
}
