import { useTranslation } from 'react-i18next';
import { COUNTRIES, UNIT_TYPES } from '@/domain/units';
import { AmenitiesField } from './amenities-field';
import { FormInput, FormSection, FormSelect, FormTextarea, type UnitForm } from './form-controls';

/** Every field of SPEC §3 Unit except the map point (Location tab), photos and lock settings. */
export function UnitDetailsFields({ form }: { form: UnitForm }) {
  const { t } = useTranslation('units');
  const label = (name: string) => t(`form.fields.${name}`);
  const money = t('form.hints.money');
  return (
    <div className="grid gap-6">
      <FormSection title={t('form.sections.basics')}>
        <FormInput form={form} name="name" label={label('name')} autoComplete="off" />
        <FormInput form={form} name="name_ar" label={label('name_ar')} dir="rtl" lang="ar" autoComplete="off" />
        <FormSelect form={form} name="type" label={label('type')}>
          {UNIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </FormSelect>
        <div className="hidden sm:block" />
        <FormTextarea form={form} name="description" label={label('description')} />
        <FormTextarea form={form} name="description_ar" label={label('description_ar')} dir="rtl" lang="ar" />
      </FormSection>

      <FormSection title={t('form.sections.capacity')} className="sm:grid-cols-4">
        <FormInput
          form={form}
          name="max_guests"
          label={label('max_guests')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
        <FormInput
          form={form}
          name="bedrooms"
          label={label('bedrooms')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
        <FormInput
          form={form}
          name="bathrooms"
          label={label('bathrooms')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
        <FormInput
          form={form}
          name="area_sqm"
          label={label('area_sqm')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
        />
      </FormSection>

      <FormSection title={t('form.sections.pricing')} className="sm:grid-cols-3">
        <FormInput
          form={form}
          name="price_per_night"
          label={label('price_per_night')}
          hint={money}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
        />
        <FormInput
          form={form}
          name="cleaning_fee"
          label={label('cleaning_fee')}
          hint={money}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
        />
        <FormInput
          form={form}
          name="security_deposit"
          label={label('security_deposit')}
          hint={money}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
        />
      </FormSection>

      <FormSection title={t('form.sections.times')}>
        <FormInput form={form} name="check_in_time" label={label('check_in_time')} type="time" />
        <FormInput form={form} name="check_out_time" label={label('check_out_time')} type="time" />
      </FormSection>

      {/* Sent to the guest by the messages that use {{wifi_name}} / {{wifi_password}}. */}
      <FormSection title={t('form.sections.wifi')}>
        <FormInput form={form} name="wifi_name" label={label('wifi_name')} dir="auto" autoComplete="off" />
        <FormInput
          form={form}
          name="wifi_password"
          label={label('wifi_password')}
          hint={t('form.hints.wifi_password')}
          dir="ltr"
          autoComplete="off"
        />
      </FormSection>

      <FormSection title={t('form.sections.address')}>
        <FormInput
          form={form}
          name="address_street"
          label={label('address_street')}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <FormInput form={form} name="address_city" label={label('address_city')} autoComplete="address-level2" />
        <FormInput form={form} name="address_region" label={label('address_region')} autoComplete="address-level1" />
        <FormInput
          form={form}
          name="address_postal_code"
          label={label('address_postal_code')}
          autoComplete="postal-code"
          inputMode="numeric"
        />
        <FormSelect form={form} name="address_country" label={label('address_country')}>
          {COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {t(`countries.${country}`)}
            </option>
          ))}
        </FormSelect>
      </FormSection>

      <AmenitiesField form={form} />
    </div>
  );
}
