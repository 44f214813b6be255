import { LayoutGrid, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import { UNIT_TYPES } from '@/domain/units';
import { UNIT_LICENCE_FILTERS, UNIT_STATUS_FILTERS, type UnitFilters } from '../schemas';
import type { UnitsView } from '../lib/use-unit-filters';

interface Props {
  filters: UnitFilters;
  view: UnitsView;
  onFiltersChange: (changes: Partial<Omit<UnitFilters, 'page'>>) => void;
  onViewChange: (view: UnitsView) => void;
}

export function UnitsToolbar({ filters, view, onFiltersChange, onViewChange }: Props) {
  const { t } = useTranslation('units');
  // Search waits for a pause in typing, so each keystroke does not become a request.
  const [search, setSearch] = useSearchBox(filters.search, (text) => onFiltersChange({ search: text }));

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <Field label={t('filters.search_label')} className="min-w-56 flex-1">
        <SearchInput
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('filters.search_placeholder')}
        />
      </Field>
      <Field label={t('filters.type_label')}>
        <Select
          value={filters.type}
          onChange={(event) => onFiltersChange({ type: event.target.value as UnitFilters['type'] })}
        >
          <option value="all">{t('filters.all_types')}</option>
          {UNIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.status_label')}>
        <Select
          value={filters.status}
          onChange={(event) => onFiltersChange({ status: event.target.value as UnitFilters['status'] })}
        >
          {UNIT_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(`filters.status.${status}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.licence_label')}>
        <Select
          value={filters.licence ?? 'all'}
          onChange={(event) => onFiltersChange({ licence: event.target.value as UnitFilters['licence'] })}
          data-testid="units-licence-filter"
        >
          {UNIT_LICENCE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`filters.licence.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div role="group" aria-label={t('view.label')} className="flex gap-1">
        <Button
          variant={view === 'cards' ? 'secondary' : 'ghost'}
          size="icon"
          aria-pressed={view === 'cards'}
          aria-label={t('view.cards')}
          onClick={() => onViewChange('cards')}
        >
          <LayoutGrid aria-hidden="true" />
        </Button>
        <Button
          variant={view === 'table' ? 'secondary' : 'ghost'}
          size="icon"
          aria-pressed={view === 'table'}
          aria-label={t('view.table')}
          onClick={() => onViewChange('table')}
        >
          <Table2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
