import {
  AirVent,
  Armchair,
  Building2,
  CarFront,
  Cigarette,
  CookingPot,
  Dumbbell,
  Flame,
  PawPrint,
  Shirt,
  Sprout,
  Tv,
  Umbrella,
  UtensilsCrossed,
  Waves,
  Wifi,
  Wind,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AMENITIES, type Amenity } from '@/domain/units';
import type { UnitForm } from './form-controls';

export const AMENITY_ICONS: Record<Amenity, LucideIcon> = {
  wifi: Wifi,
  parking: CarFront,
  kitchen: CookingPot,
  garden: Sprout,
  beach: Umbrella,
  balcony: Armchair,
  air_conditioning: AirVent,
  heating: Flame,
  washing_machine: Shirt,
  pool: Waves,
  gym: Dumbbell,
  dryer: Wind,
  dishwasher: UtensilsCrossed,
  tv: Tv,
  elevator: Building2,
  pets_allowed: PawPrint,
  smoking_allowed: Cigarette,
};

/** The 17 amenities of SPEC §3 as a grid of labelled checkboxes with icons. */
export function AmenitiesField({ form }: { form: UnitForm }) {
  const { t } = useTranslation('units');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{t('form.sections.amenities')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {AMENITIES.map((amenity) => {
          const Icon = AMENITY_ICONS[amenity];
          return (
            <label
              key={amenity}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
            >
              <input
                type="checkbox"
                value={amenity}
                className="size-4 accent-primary-700"
                {...form.register('amenities')}
              />
              <Icon aria-hidden="true" className="size-4 text-stone-600" />
              <span>{t(`amenities.${amenity}`)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
