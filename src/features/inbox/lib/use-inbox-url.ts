import { urlParam, type UrlStateDefinition } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { CONVERSATION_KEY, MESSAGE_CHANNELS } from '../schemas';

/**
 * The inbox's state in the URL: the open conversation (`?c=client:<uuid>`, a shareable deep link;
 * Back on a phone returns to the list), the search, the channel and "unread only".
 */
export const INBOX_URL = {
  conversation: urlParam.matching(CONVERSATION_KEY, { key: 'c' }),
  search: urlParam.text({ key: 'q', filter: true }),
  channel: urlParam.optionalOneOf(MESSAGE_CHANNELS, { key: 'channel', filter: true }),
  unreadOnly: urlParam.flag({ key: 'unread', filter: true }),
} satisfies UrlStateDefinition;

export function useInboxUrl() {
  return useUrlState(INBOX_URL);
}
