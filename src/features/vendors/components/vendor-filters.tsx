import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import { VENDOR_CATEGORIES, VENDOR_SCOPES, type VendorFilters as Filters } from '../schemas';

export interface VendorFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/**
 * Search (debounced) and the category, "my vendors" and verification filters. The search box
 * keeps its own text while typing and follows the filters when they change from elsewhere.
 */
export function VendorFilters({ filters, onChange, onReset }: VendorFiltersProps) {
  const { t } = useTranslation('vendors');
  const [search, setSearch] = useSearchBox(filters.search, (text) => onChange({ search: text }));

  return (
    <section
      aria-label={t('filters.label')}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-3"
    >
      <Field compact label={t('filters.search')} className="min-w-56 flex-[2]">
        <SearchInput
          value={search}
          placeholder={t('filters.search_placeholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <Field compact label={t('filters.category')} className="min-w-40 flex-1">
        <Select
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
        >
          <option value="all">{t('filters.all_categories')}</option>
          {VENDOR_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`category.${category}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field compact label={t('filters.scope')} className="min-w-40 flex-1">
        <Select value={filters.scope} onChange={(event) => onChange({ scope: event.target.value as Filters['scope'] })}>
          {VENDOR_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`filters.scope_${scope}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field compact label={t('filters.verified')} className="min-w-40 flex-1">
        <Select
          value={filters.verified}
          onChange={(event) => onChange({ verified: event.target.value as Filters['verified'] })}
        >
          <option value="all">{t('filters.verified_all')}</option>
          <option value="verified">{t('filters.verified_only')}</option>
        </Select>
      </Field>
      <Button variant="ghost" onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </section>
  );
}
