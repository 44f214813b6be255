import { unitKeys } from './keys';

/** Query keys of a unit's channel manager (under the unit's detail key, so unit invalidations reach them). */
export const channelKeys = {
  all: (unitId: string) => [...unitKeys.detail(unitId), 'channel-manager'] as const,
  connections: (unitId: string) => [...channelKeys.all(unitId), 'connections'] as const,
  activity: (unitId: string, connectionId: string) => [...channelKeys.all(unitId), 'activity', connectionId] as const,
};
