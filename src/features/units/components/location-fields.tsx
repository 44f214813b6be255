import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { currentLanguage } from '@/lib/i18n';
import type { City } from '../lib/cities';
import { CitySearch } from './city-search';
import { FormInput, FormSection, type UnitForm } from './form-controls';
import { MapErrorBoundary, MapFailedNotice } from './map-error-boundary';

// Leaflet is only downloaded when someone opens the Location tab.
const LocationMap = lazy(() => import('./location-map').then((module) => ({ default: module.LocationMap })));

/** A point the map can show, or null while the inputs hold no (or no valid) coordinates. */
function toPoint(lat: unknown, lng: unknown): [number, number] | null {
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (lat === '' || lng === '' || lat == null || lng == null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [latitude, longitude];
}

const round6 = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** City search, a map with a draggable marker and the coordinates themselves, kept in step. */
export function LocationFields({ form }: { form: UnitForm }) {
  const { t } = useTranslation('units');
  const [mapFailed, setMapFailed] = useState(false);
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] });
  const point = toPoint(latitude, longitude);

  const handlePoint = useCallback(
    (lat: number, lng: number) => {
      form.setValue('latitude', round6(lat), { shouldDirty: true, shouldValidate: true });
      form.setValue('longitude', round6(lng), { shouldDirty: true, shouldValidate: true });
    },
    [form],
  );
  const handleTilesFailed = useCallback(() => setMapFailed(true), []);

  const handleCity = (city: City) => {
    handlePoint(city.lat, city.lng);
    const ar = currentLanguage() === 'ar';
    // Fill the address only where it is empty: a typed street address is never overwritten.
    if (!form.getValues('address_city')) form.setValue('address_city', ar ? city.ar : city.en, { shouldDirty: true });
    if (!form.getValues('address_region'))
      form.setValue('address_region', ar ? city.regionAr : city.regionEn, { shouldDirty: true });
    form.setValue('address_country', city.country, { shouldDirty: true });
  };

  const handleClear = () => {
    form.setValue('latitude', '', { shouldDirty: true, shouldValidate: true });
    form.setValue('longitude', '', { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className="grid gap-4">
      <CitySearch onSelect={handleCity} />
      {mapFailed ? <MapFailedNotice /> : null}
      <MapErrorBoundary fallback={mapFailed ? null : <MapFailedNotice />}>
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <LocationMap point={point} onPointChange={handlePoint} onTilesFailed={handleTilesFailed} />
        </Suspense>
      </MapErrorBoundary>
      <p className="text-sm text-stone-600">{point ? t('map.hint') : t('map.no_point')}</p>
      <FormSection title={t('map.title')}>
        <FormInput
          form={form}
          name="latitude"
          label={t('form.fields.latitude')}
          hint={t('form.hints.coordinates')}
          inputMode="decimal"
          dir="ltr"
        />
        <FormInput form={form} name="longitude" label={t('form.fields.longitude')} inputMode="decimal" dir="ltr" />
      </FormSection>
      {point ? (
        <div>
          <Button variant="ghost" size="sm" onClick={handleClear}>
            {t('map.clear')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
