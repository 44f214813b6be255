import { useMutation } from '@tanstack/react-query';
import { feedTestSchema } from '../lib/integration-schema';
import { invokeIntegration } from './integrations-invoke';

/** "Test feeds": the ical function reads every feed of the organisation without applying it. */
export function testChannelFeeds() {
  return invokeIntegration('ical/test', feedTestSchema);
}

export function useTestChannelFeeds() {
  return useMutation({ mutationFn: testChannelFeeds, meta: { skipErrorToast: true } });
}
