import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import { TEAM_STATUSES, type TeamStatusFilter } from '../schemas';

export interface UsersToolbarProps {
  search: string;
  status: TeamStatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: TeamStatusFilter) => void;
}

export function UsersToolbar({ search, status, onSearch, onStatus }: UsersToolbarProps) {
  const { t } = useTranslation('users');
  // The URL is the source of truth (Back, shared links); typing reaches it once it settles.
  const [text, setText] = useSearchBox(search, onSearch);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <SearchInput
        className="min-w-64 flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('toolbar.search_placeholder')}
        aria-label={t('toolbar.search_label')}
        data-testid="users-search"
      />
      <Select
        className="w-auto min-w-48"
        value={status}
        onChange={(event) => onStatus(event.target.value as TeamStatusFilter)}
        aria-label={t('toolbar.status_label')}
        data-testid="users-status-filter"
      >
        <option value="all">{t('toolbar.all_statuses')}</option>
        {TEAM_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`status.${value}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
