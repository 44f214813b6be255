import { expect, preferLanguage, test } from './support/fixtures';
import { deleteUnitsNamed, drawnImage, rest, uniqueName } from './units-helpers';

test.describe('create a unit with photos and a map point (en)', () => {
  const prefix = 'E2E Hegra Villa';
  test.afterAll(async ({ ownerSession }) => deleteUnitsNamed(ownerSession.access_token, prefix));

  test('every field, the city search, a dragged marker, then four photos with a main one', async ({
    signedInPage: page,
    ownerSession,
  }) => {
    test.setTimeout(90_000);
    const name = uniqueName(prefix);
    await preferLanguage(page, 'en');
    await page.goto('/dashboard/units');
    await page.getByRole('button', { name: 'Add unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add unit' });

    // Nothing typed yet: the form refuses and says why, next to the fields.
    await dialog.getByRole('button', { name: 'Create unit' }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Name in Arabic').fill('فيلا الحجر');
    await dialog.getByLabel('Type').selectOption('villa');
    await dialog.getByLabel('Description', { exact: true }).fill('Villa among the sandstone cliffs.');
    await dialog.getByLabel('Max guests').fill('8');
    await dialog.getByLabel('Bedrooms').fill('4');
    await dialog.getByLabel('Bathrooms').fill('3');
    await dialog.getByLabel('Area (m²)').fill('420');
    await dialog.getByLabel('Price per night').fill('2200');
    await dialog.getByLabel('Cleaning fee').fill('450');
    await dialog.getByLabel('Security deposit').fill('2000');
    await dialog.getByLabel('Check-in time').fill('16:00');
    await dialog.getByLabel('Check-out time').fill('11:00');
    await dialog.getByLabel('Street').fill('Ashar Valley');
    await dialog.getByLabel('Postal code').fill('43544');
    for (const amenity of ['Wi-Fi', 'Pool', 'Garden', 'Heating'])
      await dialog.getByRole('checkbox', { name: amenity }).check();

    await dialog.getByRole('tab', { name: 'Location' }).click();
    await dialog.getByRole('searchbox', { name: 'Search for a city' }).fill('alula');
    await dialog.getByRole('button', { name: 'AlUla, Madinah Province' }).click();
    await expect(dialog.getByLabel('Latitude')).toHaveValue('26.6085');
    await expect(dialog.getByLabel('Longitude')).toHaveValue('37.9232');
    // Our machines have no network: the tiles fail, the map says so, the form keeps working.
    await expect(dialog.getByTestId('map-failed')).toContainText('failed to load map');
    const marker = dialog.locator('.leaflet-marker-icon');
    await expect(marker).toBeVisible();
    const box = await marker.boundingBox();
    if (!box) throw new Error('marker has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect(dialog.getByLabel('Latitude')).not.toHaveValue('26.6085');
    const latitude = Number(await dialog.getByLabel('Latitude').inputValue());
    const longitude = Number(await dialog.getByLabel('Longitude').inputValue());
    expect(latitude).toBeLessThan(26.6085);
    expect(longitude).toBeGreaterThan(37.9232);

    await dialog.getByRole('button', { name: 'Create unit' }).click();
    await expect(page.getByText('Unit created. You can add photos now.')).toBeVisible();
    await expect(page).toHaveURL(/[?&]unit=[0-9a-f-]{36}(&|$)/);
    await expect(page).toHaveURL(/[?&]tab=photos(&|$)/);
    const editor = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(editor.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');

    // Saved as typed (read back through the Data API, not from the screen).
    const { data: rows } = await rest<Record<string, unknown>[]>(
      ownerSession.access_token,
      'GET',
      `units?name=eq.${encodeURIComponent(name)}&select=*`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name_ar: 'فيلا الحجر',
      type: 'villa',
      max_guests: 8,
      bedrooms: 4,
      bathrooms: 3,
      area_sqm: 420,
      price_per_night: 2200,
      cleaning_fee: 450,
      security_deposit: 2000,
      check_in_time: '16:00:00',
      check_out_time: '11:00:00',
      address_city: 'AlUla',
      address_region: 'Madinah Province',
      address_street: 'Ashar Valley',
      address_postal_code: '43544',
      address_country: 'SA',
      smart_lock_id: null,
      is_active: true,
    });
    expect(rows[0]?.amenities).toEqual(expect.arrayContaining(['wifi', 'pool', 'garden', 'heating']));
    expect(Number(rows[0]?.latitude)).toBeCloseTo(latitude, 5);

    // Two photos, resized in the browser from 2400×1600 to 1600×1067; the first becomes main.
    const input = editor.getByLabel('Add photos');
    await input.setInputFiles([
      await drawnImage(page, 'front.png', '#0f766e'),
      await drawnImage(page, 'pool.png', '#1d4ed8'),
    ]);
    const tiles = editor.getByTestId('unit-photo');
    await expect(tiles).toHaveCount(2);
    await expect(tiles.nth(0).getByText('Main photo', { exact: true })).toBeVisible();
    await expect
      .poll(() =>
        tiles
          .nth(1)
          .locator('img')
          .evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`),
      )
      .toBe('1600x1067');

    await tiles.nth(1).getByRole('button', { name: 'Make main photo' }).click();
    await expect(tiles.nth(1).getByText('Main photo', { exact: true })).toBeVisible();
    await expect(tiles.nth(0).getByText('Main photo', { exact: true })).toHaveCount(0);
    // Reorder: the main photo moves to the front.
    await tiles.nth(1).getByRole('button', { name: 'Move earlier' }).click();
    await expect(tiles.nth(0).getByText('Main photo', { exact: true })).toBeVisible();

    // Three more would make five: refused before anything is sent.
    await input.setInputFiles(
      [1, 2, 3].map((i) => ({ name: `x${i}.png`, mimeType: 'image/png', buffer: Buffer.from('x') })),
    );
    await expect(editor.getByRole('alert').filter({ hasText: 'You can upload up to 4 photos' })).toBeVisible();
    await expect(tiles).toHaveCount(2);

    await input.setInputFiles([
      await drawnImage(page, 'room.png', '#b91c1c', 800, 600),
      await drawnImage(page, 'view.png', '#a16207', 800, 600),
    ]);
    await expect(tiles).toHaveCount(4);
    await expect(editor.getByText('4 of 4 photos')).toBeVisible();
    await tiles.nth(3).getByRole('button', { name: 'Remove photo' }).click();
    await expect(tiles).toHaveCount(3);

    // The list shows the new unit with its main photo.
    await page.keyboard.press('Escape');
    await page.getByLabel('Search units').fill(name);
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('SAR')).toBeVisible();
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  });
});

test.describe('create a unit with typed coordinates (ar)', () => {
  const prefix = 'E2E شاليه';
  test.afterAll(async ({ ownerSession }) => deleteUnitsNamed(ownerSession.access_token, prefix));

  test('Arabic labels and messages, manual latitude and longitude', async ({ signedInPage: page, ownerSession }) => {
    const name = uniqueName(prefix);
    await preferLanguage(page, 'ar');
    await page.goto('/dashboard/units?new=1');
    const dialog = page.getByRole('dialog', { name: 'إضافة وحدة' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await dialog.getByRole('button', { name: 'إنشاء الوحدة' }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب').first()).toBeVisible();

    await dialog.getByLabel('الاسم', { exact: true }).fill(name);
    await dialog.getByLabel('النوع').selectOption('chalet');
    await dialog.getByLabel('سعر الليلة').fill('900');
    await dialog.getByLabel('عدد الضيوف').fill('6');
    await dialog.getByLabel('غرف النوم').fill('3');
    await dialog.getByLabel('دورات المياه').fill('2');
    await dialog.getByLabel('المساحة (م²)').fill('200');
    await dialog.getByRole('checkbox', { name: 'مسبح' }).check();
    await dialog.getByRole('checkbox', { name: 'يُسمح بالحيوانات الأليفة' }).check();

    await dialog.getByRole('tab', { name: 'الموقع' }).click();
    await dialog.getByLabel('خط العرض').fill('18.2667');
    await dialog.getByRole('button', { name: 'إنشاء الوحدة' }).click();
    await expect(dialog.getByText('أدخل خط العرض وخط الطول معًا، أو اتركهما فارغين')).toBeVisible();
    await dialog.getByLabel('خط الطول').fill('42.3667');
    await dialog.getByRole('button', { name: 'إنشاء الوحدة' }).click();
    await expect(page.getByText('تم إنشاء الوحدة. تقدر تضيف الصور الآن.')).toBeVisible();

    const { data } = await rest<{ latitude: number; longitude: number; type: string; amenities: string[] }[]>(
      ownerSession.access_token,
      'GET',
      `units?name=eq.${encodeURIComponent(name)}&select=latitude,longitude,type,amenities`,
    );
    expect(data).toEqual([
      { latitude: 18.2667, longitude: 42.3667, type: 'chalet', amenities: ['pool', 'pets_allowed'] },
    ]);
  });
});
