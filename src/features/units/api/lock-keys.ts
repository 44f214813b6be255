import { unitKeys } from './keys';

/** Query keys of a unit's lock (under the unit's detail key, so unit invalidations reach them). */
export const lockKeys = {
  all: (unitId: string) => [...unitKeys.detail(unitId), 'lock'] as const,
  passcodes: (unitId: string) => [...lockKeys.all(unitId), 'passcodes'] as const,
  records: (unitId: string, page: number) => [...lockKeys.all(unitId), 'records', page] as const,
  stayCodes: (unitId: string) => [...lockKeys.all(unitId), 'stay-codes'] as const,
  /** Organisation-wide, under the units root so the Lock tab's refreshes reach it. */
  codeSettings: (organizationId: string) => [...unitKeys.all, 'lock-code-settings', organizationId] as const,
};
