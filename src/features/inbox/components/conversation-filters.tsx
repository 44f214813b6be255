import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import { MESSAGE_CHANNELS, type MessageChannel } from '../schemas';

export interface ConversationFiltersProps {
  search: string;
  channel: MessageChannel | null;
  unreadOnly: boolean;
  onChange: (patch: { search?: string; channel?: MessageChannel | null; unreadOnly?: boolean }) => void;
}

/** Search (debounced into the URL), channel and "unread only" above the conversation list. */
export function ConversationFilters({ search, channel, unreadOnly, onChange }: ConversationFiltersProps) {
  const { t } = useTranslation('inbox');
  const [text, setText] = useSearchBox(search, (value) => onChange({ search: value }));
  return (
    <div className="flex flex-col gap-2 border-b border-stone-200 p-3">
      <SearchInput
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        data-testid="inbox-search"
      />
      <div className="flex items-center gap-3">
        <Select
          aria-label={t('list.channel')}
          value={channel ?? ''}
          onChange={(event) => onChange({ channel: (event.target.value || null) as MessageChannel | null })}
          className="flex-1"
          data-testid="inbox-channel-filter"
        >
          <option value="">{t('channels.all')}</option>
          {MESSAGE_CHANNELS.map((value) => (
            <option key={value} value={value}>
              {t(`channels.${value}`)}
            </option>
          ))}
        </Select>
        <label className="flex shrink-0 items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={unreadOnly}
            onChange={(event) => onChange({ unreadOnly: event.target.checked })}
          />
          {t('list.unread_only')}
        </label>
      </div>
    </div>
  );
}
