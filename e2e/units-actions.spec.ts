import { expect, preferLanguage, test } from './support/fixtures';
import { BOOKED_UNIT, createUnit, deleteUnitsNamed, rest, uniqueName } from './units-helpers';

const BASE_UNIT = {
  type: 'apartment',
  price_per_night: 480,
  max_guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  address_city: 'Jeddah',
  amenities: ['wifi', 'kitchen'],
  latitude: 21.5639,
  longitude: 39.1519,
  smart_lock_id: 'TTL-E2E-1',
  lock_mac_address: 'a4:c1:38:2f:99:01',
};

test.describe('unit actions (en)', () => {
  const prefix = 'E2E Rawdah Flat';
  test.afterAll(async ({ ownerSession }) => deleteUnitsNamed(ownerSession.access_token, prefix));

  test('deactivate and activate again', async ({ signedInPage: page, ownerSession }) => {
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    await preferLanguage(page, 'en');
    await page.goto(`/dashboard/units?q=${encodeURIComponent(unit.name)}`);
    const card = page.getByRole('article', { name: unit.name });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${unit.name} is inactive`)).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    const { data: after } = await rest<{ is_active: boolean }[]>(
      ownerSession.access_token,
      'GET',
      `units?id=eq.${unit.id}&select=is_active`,
    );
    expect(after).toEqual([{ is_active: false }]);

    // The status filter is applied by the server.
    await page.getByLabel('Status').selectOption('active');
    await expect(page.getByText('No units match')).toBeVisible();
    await page.getByLabel('Status').selectOption('inactive');
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await expect(page.getByText(`${unit.name} is active`)).toBeVisible();
    await expect(page.getByText('No units match')).toBeVisible();
  });

  test('clone copies everything but photos and lock settings, with "(copy)" in the name', async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const unit = await createUnit(ownerSession.access_token, {
      ...BASE_UNIT,
      name: uniqueName(prefix),
      name_ar: 'شقة الروضة',
    });
    await rest(ownerSession.access_token, 'POST', 'unit_photos', {
      unit_id: unit.id,
      storage_path: `20000000-0000-4000-8000-000000000001/${unit.id}/a.jpg`,
    });
    await preferLanguage(page, 'en');
    await page.goto(`/dashboard/units?q=${encodeURIComponent(unit.name)}&view=table`);
    await page.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Clone' }).click();
    const copyName = `${unit.name} (copy)`;
    await expect(page.getByText(`Copy created: ${copyName}`)).toBeVisible();
    await expect(page.getByTestId('units-table').getByRole('rowheader', { name: copyName })).toBeVisible();

    const { data } = await rest<Record<string, unknown>[]>(
      ownerSession.access_token,
      'GET',
      `units?name=eq.${encodeURIComponent(copyName)}&select=*,unit_photos(id)`,
    );
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      name_ar: 'شقة الروضة (نسخة)',
      type: 'apartment',
      price_per_night: 480,
      max_guests: 4,
      address_city: 'Jeddah',
      amenities: ['wifi', 'kitchen'],
      latitude: 21.5639,
      smart_lock_id: null,
      lock_mac_address: null,
      unit_photos: [],
    });
  });

  test('delete asks first, then removes a unit without bookings', async ({ signedInPage: page, ownerSession }) => {
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    await preferLanguage(page, 'en');
    await page.goto(`/dashboard/units?q=${encodeURIComponent(unit.name)}`);
    await page.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${unit.name}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article', { name: unit.name })).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete unit' }).click();
    await expect(page.getByText(`${unit.name} was deleted`)).toBeVisible();
    await expect(page.getByText('No units match')).toBeVisible();
    const { data } = await rest<unknown[]>(ownerSession.access_token, 'GET', `units?id=eq.${unit.id}&select=id`);
    expect(data).toEqual([]);
  });

  test('edit saves the changed fields and leaves the rest', async ({ signedInPage: page, ownerSession }) => {
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    await preferLanguage(page, 'en');
    await page.goto(`/dashboard/units?q=${encodeURIComponent(unit.name)}`);
    await page.getByRole('button', { name: `Actions for ${unit.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${unit.name}` });
    await expect(dialog.getByLabel('Price per night')).toHaveValue('480');
    await expect(dialog.getByRole('checkbox', { name: 'Kitchen' })).toBeChecked();
    await dialog.getByLabel('Price per night').fill('555.50');
    await dialog.getByRole('checkbox', { name: 'Kitchen' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Elevator' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Unit saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    const { data } = await rest<Record<string, unknown>[]>(
      ownerSession.access_token,
      'GET',
      `units?id=eq.${unit.id}&select=price_per_night,amenities,address_city,smart_lock_id`,
    );
    expect(data).toEqual([
      { price_per_night: 555.5, amenities: ['wifi', 'elevator'], address_city: 'Jeddah', smart_lock_id: 'TTL-E2E-1' },
    ]);
  });

  test('a page past the end steps back to the last page', async ({ signedInPage: page }) => {
    await preferLanguage(page, 'en');
    await page.goto('/dashboard/units?view=table&page=99');
    await expect(page.getByTestId('units-table')).toBeVisible();
    await expect(page).not.toHaveURL(/page=99/);
    // The shared list pager (as on clients and bookings) shows that last page.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByTestId('pagination-summary')).toHaveText(/^\d+–\d+ of \d+$/);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test("the month calendar shows the unit's bookings", async ({ signedInPage: page }) => {
    await preferLanguage(page, 'en');
    await page.goto(`/dashboard/units?unit=${BOOKED_UNIT.id}&tab=calendar`);
    const dialog = page.getByRole('dialog', { name: `Edit ${BOOKED_UNIT.en}` });
    await expect(dialog.getByTestId('calendar-bookings').getByRole('listitem').first()).toBeVisible();
    await expect(dialog.locator('[data-booked="true"]').first()).toBeVisible();
    const month = await dialog.getByTestId('calendar-month').textContent();
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(dialog.getByTestId('calendar-month')).not.toHaveText(month ?? '');
    await dialog.getByRole('tab', { name: 'Smart lock' }).click();
    await expect(dialog.getByText('TTL-100201')).toBeVisible();
  });
});

test.describe('unit actions (ar)', () => {
  test('delete is refused while bookings exist, with the reason', async ({ signedInPage: page, ownerSession }) => {
    await preferLanguage(page, 'ar');
    await page.goto(`/dashboard/units?q=${encodeURIComponent(BOOKED_UNIT.en)}`);
    const card = page.getByRole('article', { name: BOOKED_UNIT.ar });
    await card.getByRole('button', { name: `إجراءات ${BOOKED_UNIT.ar}` }).click();
    await page.getByRole('menuitem', { name: 'حذف' }).click();
    const confirm = page.getByRole('alertdialog', { name: `حذف ${BOOKED_UNIT.ar}؟` });
    await confirm.getByRole('button', { name: 'حذف الوحدة' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(
      'هذه الوحدة عليها حجوزات، فما يمكن حذفها. أوقفها بدلًا من ذلك حتى لا تستقبل حجوزات جديدة.',
    );
    await expect(confirm.getByRole('button', { name: 'حذف الوحدة' })).toBeDisabled();
    await confirm.getByRole('button', { name: 'إلغاء' }).click();
    const { data } = await rest<unknown[]>(ownerSession.access_token, 'GET', `units?id=eq.${BOOKED_UNIT.id}&select=id`);
    expect(data).toHaveLength(1);
  });

  test('deactivate in Arabic', async ({ signedInPage: page, ownerSession }) => {
    const prefix = 'E2E وحدة';
    const unit = await createUnit(ownerSession.access_token, { ...BASE_UNIT, name: uniqueName(prefix) });
    try {
      await preferLanguage(page, 'ar');
      await page.goto(`/dashboard/units?q=${encodeURIComponent(unit.name)}&view=table`);
      await page.getByRole('button', { name: `إجراءات ${unit.name}` }).click();
      await page.getByRole('menuitem', { name: 'إيقاف' }).click();
      await expect(page.getByText(`تم إيقاف ${unit.name}`)).toBeVisible();
      await expect(page.getByTestId('units-table').getByText('موقوفة', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: `إجراءات ${unit.name}` }).click();
      await page.getByRole('menuitem', { name: 'تفعيل' }).click();
      await expect(page.getByText(`تم تفعيل ${unit.name}`)).toBeVisible();
    } finally {
      await deleteUnitsNamed(ownerSession.access_token, prefix);
    }
  });
});
