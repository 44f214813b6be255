import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeanI18nProvider } from '@/lib/lean-i18n';
import type { PublicUnit } from '../api/get-public-site-page';
import { PublicUnitCard } from './public-unit-card';

vi.mock('@/lib/unit-photos', () => ({ unitPhotoUrl: (path: string) => `https://photos.test/${path}` }));

const unit: PublicUnit = {
  id: 'u1',
  name: 'Olaya Apartment',
  name_ar: null,
  type: 'apartment',
  description: null,
  description_ar: null,
  price_per_night: 450,
  max_guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  address_city: 'Riyadh',
  address_region: null,
  main_photo: 'o/u1/p.jpg',
  main_photo_small: 'o/u1/p.w640.jpg',
};

function renderCard(value: PublicUnit, eager = false) {
  render(
    <LeanI18nProvider value={{ language: 'en', t: (key: string) => key, setLanguage: () => {} }}>
      <PublicUnitCard unit={value} slug="demo" eager={eager} />
    </LeanI18nProvider>,
  );
  return screen.getByTestId('public-unit-photo');
}

describe('PublicUnitCard photo (issue 13)', () => {
  it('offers the small copy and the original in a srcset, the small one as src, with explicit dimensions', () => {
    const img = renderCard(unit);
    expect(img.getAttribute('src')).toBe('https://photos.test/o/u1/p.w640.jpg');
    expect(img.getAttribute('srcset')).toBe(
      'https://photos.test/o/u1/p.w640.jpg 640w, https://photos.test/o/u1/p.jpg 1600w',
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 600px, 100vw');
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows the original alone when the photo has no small copy (uploaded before)', () => {
    const img = renderCard({ ...unit, main_photo_small: null }, true);
    expect(img.getAttribute('src')).toBe('https://photos.test/o/u1/p.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('loading')).toBe('eager');
  });
});
