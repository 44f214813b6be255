import { MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { currentLanguage } from '@/lib/i18n';
import { searchCities, type City } from '../lib/cities';

/** Address search over the bundled city list (no geocoding service is reachable offline). */
export function CitySearch({ onSelect }: { onSelect: (city: City) => void }) {
  const { t } = useTranslation('units');
  const id = useId();
  const [query, setQuery] = useState('');
  const results = searchCities(query);
  const ar = currentLanguage() === 'ar';

  const handleSelect = (city: City) => {
    onSelect(city);
    setQuery('');
  };

  return (
    <div className="grid gap-1.5">
      <Field label={t('map.search_label')}>
        <SearchInput
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('map.search_placeholder')}
          autoComplete="off"
          aria-controls={`${id}-results`}
        />
      </Field>
      {query.trim() ? (
        <ul
          id={`${id}-results`}
          aria-label={t('map.search_label')}
          className="grid gap-1 rounded-md border border-stone-200 bg-white p-1"
        >
          {results.length === 0 ? <li className="px-3 py-2 text-sm text-stone-600">{t('map.no_results')}</li> : null}
          {results.map((city) => (
            <li key={city.id}>
              <button
                type="button"
                onClick={() => handleSelect(city)}
                className="flex w-full items-center gap-2 rounded px-3 py-2 text-start text-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <MapPin aria-hidden="true" className="size-4 text-stone-500" />
                {t('map.city_option', { city: ar ? city.ar : city.en, region: ar ? city.regionAr : city.regionEn })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
