import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import { ORGANIZATION_SORTS, type OrganizationSort, type SortDirection } from '../schemas';

export interface OrganizationsToolbarProps {
  search: string;
  sort: OrganizationSort;
  direction: SortDirection;
  onSearch: (search: string) => void;
  onSort: (sort: OrganizationSort) => void;
  onDirection: (direction: SortDirection) => void;
}

/** Search by name, slug or owner; sort by any column of the list, either way. */
export function OrganizationsToolbar(props: OrganizationsToolbarProps) {
  const { t } = useTranslation('super-admin');
  const [text, setText] = useSearchBox(props.search, props.onSearch);
  const descending = props.direction === 'desc';
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <SearchInput
        className="min-w-60 flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('organizations.search_placeholder')}
        aria-label={t('organizations.search_label')}
        data-testid="organizations-search"
      />
      <Select
        className="w-auto min-w-44"
        value={props.sort}
        onChange={(event) => props.onSort(event.target.value as OrganizationSort)}
        aria-label={t('organizations.sort_label')}
        data-testid="organizations-sort"
      >
        {ORGANIZATION_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`organizations.sort.${sort}`)}
          </option>
        ))}
      </Select>
      <Button
        variant="outline"
        onClick={() => props.onDirection(descending ? 'asc' : 'desc')}
        aria-label={descending ? t('organizations.descending') : t('organizations.ascending')}
        data-testid="organizations-direction"
      >
        {descending ? <ArrowDownWideNarrow aria-hidden="true" /> : <ArrowUpNarrowWide aria-hidden="true" />}
        {descending ? t('organizations.descending') : t('organizations.ascending')}
      </Button>
    </div>
  );
}
