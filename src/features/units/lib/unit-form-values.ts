import type { Tables } from '@/types/database';
import type { UnitFormInput } from '../schemas';
import { localized } from '@/lib/localized';

/** A new unit: the database defaults, as the form's text inputs hold them. */
export const EMPTY_UNIT_FORM: UnitFormInput = {
  name: '',
  name_ar: '',
  type: 'apartment',
  description: '',
  description_ar: '',
  price_per_night: '',
  max_guests: '2',
  bedrooms: '1',
  bathrooms: '1',
  area_sqm: '',
  address_street: '',
  address_city: '',
  address_region: '',
  address_postal_code: '',
  address_country: 'SA',
  amenities: [],
  check_in_time: '15:00',
  check_out_time: '12:00',
  cleaning_fee: '0',
  security_deposit: '0',
  latitude: '',
  longitude: '',
  wifi_name: '',
  wifi_password: '',
};

const text = (value: string | null) => value ?? '';
const num = (value: number | null) => (value === null ? '' : String(value));
/** Postgres `time` comes back as "15:00:00"; the time input wants "15:00". */
const hhmm = (value: string) => value.slice(0, 5);

/** A saved unit as the form edits it. */
export function unitToFormInput(unit: Tables<'units'>): UnitFormInput {
  return {
    name: unit.name,
    name_ar: text(unit.name_ar),
    type: unit.type,
    description: text(unit.description),
    description_ar: text(unit.description_ar),
    price_per_night: num(unit.price_per_night),
    max_guests: num(unit.max_guests),
    bedrooms: num(unit.bedrooms),
    bathrooms: num(unit.bathrooms),
    area_sqm: num(unit.area_sqm),
    address_street: text(unit.address_street),
    address_city: text(unit.address_city),
    address_region: text(unit.address_region),
    address_postal_code: text(unit.address_postal_code),
    address_country: unit.address_country,
    amenities: [...unit.amenities],
    check_in_time: hhmm(unit.check_in_time),
    check_out_time: hhmm(unit.check_out_time),
    cleaning_fee: num(unit.cleaning_fee),
    security_deposit: num(unit.security_deposit),
    latitude: num(unit.latitude),
    longitude: num(unit.longitude),
    wifi_name: text(unit.wifi_name),
    wifi_password: text(unit.wifi_password),
  };
}

/** The name to show: the Arabic name on Arabic screens when there is one. */
export function displayName(unit: { name: string; name_ar: string | null }, language: string): string {
  return localized(language, unit.name, unit.name_ar);
}
