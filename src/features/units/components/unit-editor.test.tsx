import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import type { UnitEditorTab } from '../lib/editor-tabs';
import { UnitEditor } from './unit-editor';

// What the save request answers; set per test. The form must never reach it when invalid.
interface InsertResult {
  data: unknown;
  error: unknown;
}
const insertResult: { current: InsertResult; calls: number } = vi.hoisted(() => ({
  current: { data: null, error: null },
  calls: 0,
}));

vi.mock('@/lib/supabase', () => {
  const single = () => {
    insertResult.calls += 1;
    // A request builder as lib/fetch's run() sends it (retry turned off first).
    return Object.assign(Promise.resolve(insertResult.current), { retry: () => undefined });
  };
  const from = () => ({ insert: () => ({ select: () => ({ single }) }) });
  return { supabase: { from } };
});
// Leaflet needs a real layout engine; the map itself is covered by the browser tests.
vi.mock('./location-map', () => ({ LocationMap: () => <div data-testid="map" /> }));

function Harness({ onCreated = vi.fn() }: { onCreated?: () => void }) {
  const [tab, setTab] = useState<UnitEditorTab>('details');
  return <UnitEditor unit={null} tab={tab} onTabChange={setTab} onCreated={onCreated} onClose={vi.fn()} />;
}

function renderEditor(props: { onCreated?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Harness {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function errorOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.getAttribute('role') === 'alert')?.textContent ??
    null
  );
}

beforeEach(() => {
  insertResult.calls = 0;
  insertResult.current = { data: null, error: null } satisfies InsertResult;
});
afterEach(async () => {
  await changeLanguage('en');
});

describe('UnitEditor validation', { timeout: 30_000 }, () => {
  it('shows "This field is required" next to the name and price and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(errorOf(name)).toBe('This field is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(screen.getByRole('spinbutton', { name: /Price per night/ }))).toBe('This field is required');
    expect(screen.getByText('Some fields need your attention')).toBeInTheDocument();
    expect(insertResult.calls).toBe(0);
  });

  it('explains wrong numbers in place', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hittin Villa');
    await user.type(screen.getByRole('spinbutton', { name: /Price per night/ }), '1800');
    const guests = screen.getByRole('spinbutton', { name: 'Max guests' });
    await user.clear(guests);
    await user.type(guests, '0');
    const area = screen.getByRole('spinbutton', { name: 'Area (m²)' });
    await user.type(area, '-3');
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(errorOf(guests)).toBe('Enter 1 or more'));
    expect(errorOf(area)).toBe('Enter a number above 0');
    expect(insertResult.calls).toBe(0);
  });

  it('writes the messages in Arabic for an Arabic user', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'إنشاء الوحدة' }));
    const name = screen.getByRole('textbox', { name: 'الاسم' });
    await waitFor(() => expect(errorOf(name)).toBe('هذا الحقل مطلوب'));
    expect(errorOf(screen.getByRole('spinbutton', { name: /سعر الليلة/ }))).toBe('هذا الحقل مطلوب');
  });

  it('opens the Location tab when only a coordinate is wrong', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hittin Villa');
    await user.type(screen.getByRole('spinbutton', { name: /Price per night/ }), '1800');
    await user.click(screen.getByRole('tab', { name: 'Location' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '24.76');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Location' })).toHaveAttribute('aria-selected', 'true'));
    expect(errorOf(screen.getByRole('textbox', { name: 'Longitude' }))).toBe(
      'Enter both latitude and longitude, or neither',
    );
    expect(insertResult.calls).toBe(0);
  });

  it('fills the coordinates and empty address fields from the city search', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.click(screen.getByRole('tab', { name: 'Location' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search for a city' }), 'العلا');
    await user.click(screen.getByRole('button', { name: 'AlUla, Madinah Province' }));
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('26.6085');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('37.9232');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('AlUla');
    expect(screen.getByRole('textbox', { name: 'Region' })).toHaveValue('Madinah Province');
  });

  it('keeps everything typed when the save fails, and says why', async () => {
    insertResult.current = {
      data: null,
      error: { code: '23514', message: 'new row violates check constraint', details: '', hint: '' },
    };
    const onCreated = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderEditor({ onCreated });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hittin Villa');
    await user.type(screen.getByRole('spinbutton', { name: /Price per night/ }), '1800');
    await user.click(screen.getByRole('checkbox', { name: 'Pool' }));
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    const alert = await screen.findByText('Failed to create property');
    expect(alert.parentElement).toHaveTextContent('Please check your input and try again.');
    expect(insertResult.calls).toBe(1);
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Hittin Villa');
    expect(screen.getByRole('spinbutton', { name: /Price per night/ })).toHaveValue(1800);
    expect(screen.getByRole('checkbox', { name: 'Pool' })).toBeChecked();
  });
});
