import { unitKeys } from './keys';

/** Query keys of a unit's channel manager (under the unit's detail key, so unit invalidations reach them). */
export const channelKeys = {
  all: (unitId: string) => [...unitKeys.detail(unitId), 'channel-manager'] as const,
  connections: (unitId: string) => [...channelKeys.all(unitId), 'connections'] as const,
  activity: (unitId: string, connectionId: string) => [...channelKeys.all(unitId), 'activity', connectionId] as const,
};

/**
 * Query keys of Settings → OTA connections: every connection of the organisation, and the units
 * it can map them to. Under the units root, so a unit change (renamed, deleted) refreshes them.
 */
export const otaConnectionKeys = {
  all: () => [...unitKeys.all, 'ota-connections'] as const,
  list: (organizationId: string) => [...otaConnectionKeys.all(), 'list', organizationId] as const,
  units: (organizationId: string) => [...otaConnectionKeys.all(), 'units', organizationId] as const,
};
