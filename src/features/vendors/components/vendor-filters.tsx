import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSearchBox } from '@/lib/use-debounced';
import { VENDOR_CATEGORIES, VENDOR_SCOPES, type VendorFilters as Filters } from '../schemas';

const SELECT =
  'flex h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600';

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
      <div className="flex min-w-56 flex-[2] flex-col gap-1">
        <Label htmlFor="vendor-search" className="text-xs">
          {t('filters.search')}
        </Label>
        <div className="relative">
          <Search aria-hidden="true" className="absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500" />
          <Input
            id="vendor-search"
            type="search"
            className="ps-9"
            value={search}
            placeholder={t('filters.search_placeholder')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <Label htmlFor="vendor-category" className="text-xs">
          {t('filters.category')}
        </Label>
        <select
          id="vendor-category"
          className={SELECT}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as Filters['category'] })}
        >
          <option value="all">{t('filters.all_categories')}</option>
          {VENDOR_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`category.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <Label htmlFor="vendor-scope" className="text-xs">
          {t('filters.scope')}
        </Label>
        <select
          id="vendor-scope"
          className={SELECT}
          value={filters.scope}
          onChange={(event) => onChange({ scope: event.target.value as Filters['scope'] })}
        >
          {VENDOR_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`filters.scope_${scope}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <Label htmlFor="vendor-verified" className="text-xs">
          {t('filters.verified')}
        </Label>
        <select
          id="vendor-verified"
          className={SELECT}
          value={filters.verified}
          onChange={(event) => onChange({ verified: event.target.value as Filters['verified'] })}
        >
          <option value="all">{t('filters.verified_all')}</option>
          <option value="verified">{t('filters.verified_only')}</option>
        </select>
      </div>
      <Button variant="ghost" onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </section>
  );
}
