import { describe, expect, it } from 'vitest';
import { otaConnectionSchema, toOtaConnectionRow } from './ota-connection-schema';

const valid = {
  platform: 'airbnb',
  connection_name: '  Airbnb — Olaya  ',
  unit_id: '50000000-0000-4000-8000-000000000001',
  property_id: ' 48213377 ',
  ical_import_url: 'https://www.airbnb.com/calendar/ical/48213377.ics',
  api_key: '',
  api_secret: '',
} as const;

function messages(input: unknown) {
  const result = otaConnectionSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('otaConnectionSchema', () => {
  it('trims and turns blanks into nulls for the row; the credentials never go into it', () => {
    const parsed = otaConnectionSchema.parse({ ...valid, api_key: ' key ', api_secret: 'secret' });
    expect(parsed.connection_name).toBe('Airbnb — Olaya');
    expect(parsed.api_key).toBe('key');
    expect(toOtaConnectionRow(parsed)).toEqual({
      platform: 'airbnb',
      connection_name: 'Airbnb — Olaya',
      unit_id: '50000000-0000-4000-8000-000000000001',
      property_id: '48213377',
      ical_import_url: 'https://www.airbnb.com/calendar/ical/48213377.ics',
    });
    const blank = otaConnectionSchema.parse({ ...valid, unit_id: '', property_id: ' ', ical_import_url: '' });
    expect(toOtaConnectionRow(blank)).toMatchObject({ unit_id: null, property_id: null, ical_import_url: null });
  });

  it('names each refused field with its translated message key', () => {
    expect(
      messages({
        ...valid,
        platform: 'tripadvisor',
        connection_name: '   ',
        unit_id: 'not-a-unit',
        property_id: 'x'.repeat(201),
        ical_import_url: 'ftp://example.com/feed.ics',
        api_key: 'k'.repeat(501),
      }),
    ).toEqual({
      platform: 'channels:errors.platform_required',
      connection_name: 'channels:errors.name_required',
      unit_id: 'channels:errors.unit_invalid',
      property_id: 'channels:errors.property_id_too_long',
      ical_import_url: 'channels:errors.url_invalid',
      api_key: 'channels:errors.secret_too_long',
    });
    expect(messages({ ...valid, connection_name: 'n'.repeat(201) })).toEqual({
      connection_name: 'channels:errors.name_too_long',
    });
    expect(messages({ ...valid, connection_name: 'n'.repeat(200) })).toEqual({});
  });
});
