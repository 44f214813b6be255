import { MessagesSquare } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PermissionDenied } from '@/components/permission-denied';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth, useOrganizationSettings, usePermissions } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/errors';
import { isLanguage } from '@/lib/i18n';
import { useConversationGuest } from '../api/get-conversation-guest';
import { useConversations, type ConversationFilters as Filters } from '../api/get-conversations';
import { ConversationFilters } from '../components/conversation-filters';
import { ConversationList } from '../components/conversation-list';
import { ThreadView } from '../components/thread-view';
import { useInboxRealtime } from '../lib/use-inbox-realtime';
import { useInboxUrl } from '../lib/use-inbox-url';

/**
 * The guest inbox (issue 16): conversations beside the open thread on wide screens; on a phone
 * the list, or the thread with a back button. Live through Realtime, polling as the fallback.
 */
export function InboxPage() {
  const { t, i18n } = useTranslation('inbox');
  const { timeZone } = useOrganizationSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const organizationId = useAuth().organization?.id;
  const permissions = usePermissions();
  const canRead = permissions.status !== 'success' || permissions.can('messages.read');
  const canWrite = permissions.can('messages.write');
  const { values, set } = useInboxUrl();
  const filters: Filters = useMemo(
    () => ({ search: values.search, channel: values.channel, unreadOnly: values.unreadOnly }),
    [values.search, values.channel, values.unreadOnly],
  );
  useInboxRealtime(canRead ? organizationId : null);
  const conversations = useConversations(filters);

  const selectedKey = values.conversation;
  const listed = conversations.rows?.find((row) => row.conversation_key === selectedKey) ?? null;
  const linkedClientId =
    !listed && selectedKey?.startsWith('client:') && conversations.isSuccess
      ? selectedKey.slice('client:'.length)
      : null;
  const guest = useConversationGuest(linkedClientId);
  const selected = listed ?? guest.data ?? null;

  if (!canRead) return <PermissionDenied />;

  const filtered = filters.search !== '' || filters.channel !== null || filters.unreadOnly;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex h-[calc(100dvh-13rem)] min-h-[28rem] overflow-hidden rounded-xl border border-stone-200 bg-white">
        <div
          className={cn(
            'min-h-0 w-full flex-col border-e border-stone-200 lg:flex lg:w-96 lg:shrink-0',
            selectedKey ? 'hidden' : 'flex',
          )}
        >
          <ConversationFilters
            search={values.search}
            channel={values.channel}
            unreadOnly={values.unreadOnly}
            onChange={(patch) => set(patch)}
          />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {conversations.isError ? (
              <p role="alert" className="m-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
                {getErrorMessage(conversations.error)}
              </p>
            ) : (
              <>
                <ConversationList
                  conversations={conversations.rows}
                  pending={conversations.isPending}
                  filtered={filtered}
                  selectedKey={selectedKey}
                  onSelect={(key) => set({ conversation: key }, { history: 'push' })}
                />
                {conversations.hasNextPage ? (
                  <div className="flex justify-center p-3">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={conversations.isFetchingNextPage}
                      onClick={() => void conversations.fetchNextPage()}
                      data-testid="conversations-more"
                    >
                      {t('list.more')}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </div>
        </div>
        <div className={cn('min-h-0 min-w-0 flex-1 flex-col lg:flex', selectedKey ? 'flex' : 'hidden')}>
          {selected ? (
            <ThreadView
              conversation={selected}
              canWrite={canWrite}
              language={language}
              timeZone={timeZone}
              onBack={() => set({ conversation: null })}
            />
          ) : selectedKey && (guest.isSuccess || (!linkedClientId && conversations.isSuccess)) ? (
            <EmptyState icon={MessagesSquare} title={t('thread.not_found')} className="m-6" />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title={t('thread.pick')}
              description={t('thread.pick_description')}
              className="m-6 border-0"
            />
          )}
        </div>
      </div>
    </>
  );
}
