import { LayoutGrid, Search, Table2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSearchBox } from '@/lib/use-debounced';
import { UNIT_TYPES } from '@/domain/units';
import { UNIT_STATUS_FILTERS, type UnitFilters } from '../schemas';
import type { UnitsView } from '../lib/use-unit-filters';
import { NativeSelect } from './form-controls';

interface Props {
  filters: UnitFilters;
  view: UnitsView;
  onFiltersChange: (changes: Partial<Omit<UnitFilters, 'page'>>) => void;
  onViewChange: (view: UnitsView) => void;
}

export function UnitsToolbar({ filters, view, onFiltersChange, onViewChange }: Props) {
  const { t } = useTranslation('units');
  const id = useId();
  // Search waits for a pause in typing, so each keystroke does not become a request.
  const [search, setSearch] = useSearchBox(filters.search, (text) => onFiltersChange({ search: text }));

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="grid min-w-56 flex-1 gap-1.5">
        <Label htmlFor={`${id}-search`}>{t('filters.search_label')}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3 start-3 size-4 text-stone-500" />
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('filters.search_placeholder')}
            className="ps-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>{t('filters.type_label')}</Label>
        <NativeSelect
          id={`${id}-type`}
          value={filters.type}
          onChange={(event) => onFiltersChange({ type: event.target.value as UnitFilters['type'] })}
        >
          <option value="all">{t('filters.all_types')}</option>
          {UNIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>{t('filters.status_label')}</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onFiltersChange({ status: event.target.value as UnitFilters['status'] })}
        >
          {UNIT_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(`filters.status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
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
