import { describe, expect, it } from 'vitest';
import type { Tables } from '@/types/database';
import { buildUnitClone } from './clone-unit';

const unit: Tables<'units'> = {
  id: '50000000-0000-4000-8000-000000000001',
  organization_id: '20000000-0000-4000-8000-000000000001',
  name: 'Olaya Skyline Apartment',
  name_ar: 'شقة العليا سكاي لاين',
  type: 'apartment',
  description: 'Two-bedroom apartment',
  description_ar: 'شقة بغرفتي نوم',
  price_per_night: 650,
  max_guests: 4,
  bedrooms: 2,
  bathrooms: 2,
  area_sqm: 140,
  address_street: 'Olaya Street',
  address_city: 'Riyadh',
  address_region: 'Riyadh Province',
  address_postal_code: '12211',
  address_country: 'SA',
  amenities: ['wifi', 'parking'],
  check_in_time: '15:00:00',
  check_out_time: '12:00:00',
  cleaning_fee: 150,
  security_deposit: 500,
  latitude: 24.711667,
  longitude: 46.674167,
  wifi_name: 'Olaya-Guest',
  wifi_password: 'welcome2026',
  tourism_licence_number: 'MT-2026-0001',
  tourism_licence_issued_on: '2026-01-01',
  tourism_licence_expires_on: '2027-01-01',
  tourism_licence_document_path:
    '20000000-0000-4000-8000-000000000001/50000000-0000-4000-8000-000000000001/licence.pdf',
  is_active: false,
  smart_lock_id: 'TTL-100201',
  lock_mac_address: 'a4:c1:38:2f:10:01',
  lock_gateway_id: 'GW-RUH-01',
  lock_account_username: 'demo-ttlock',
  lock_credentials_configured: true,
  created_at: '2026-05-01T00:00:00Z',
  updated_at: '2026-05-02T00:00:00Z',
};

describe('buildUnitClone', () => {
  it('copies every field but identity, timestamps, lock settings and the tourism licence, with suffixed names', () => {
    const copy = buildUnitClone(unit, { en: '(copy)', ar: '(نسخة)' });
    expect(copy).toEqual({
      organization_id: unit.organization_id,
      name: 'Olaya Skyline Apartment (copy)',
      name_ar: 'شقة العليا سكاي لاين (نسخة)',
      type: 'apartment',
      description: unit.description,
      description_ar: unit.description_ar,
      price_per_night: 650,
      max_guests: 4,
      bedrooms: 2,
      bathrooms: 2,
      area_sqm: 140,
      address_street: 'Olaya Street',
      address_city: 'Riyadh',
      address_region: 'Riyadh Province',
      address_postal_code: '12211',
      address_country: 'SA',
      amenities: ['wifi', 'parking'],
      check_in_time: '15:00:00',
      check_out_time: '12:00:00',
      cleaning_fee: 150,
      security_deposit: 500,
      latitude: 24.711667,
      longitude: 46.674167,
      is_active: false,
    });
  });

  it('keeps a long name within the 200 characters the database allows', () => {
    const copy = buildUnitClone({ ...unit, name: 'x'.repeat(200), name_ar: null }, { en: '(copy)', ar: '(نسخة)' });
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
    expect(copy.name_ar).toBeNull();
  });
});
