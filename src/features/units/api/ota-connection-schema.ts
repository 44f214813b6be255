import { z } from 'zod';
import { channelImportUrlSchema } from './channel-schema';

/** The platforms of public.ota_platform, in the order the form offers them. */
export const OTA_PLATFORMS = ['airbnb', 'booking_com', 'gathern', 'agoda', 'expedia', 'vrbo', 'other'] as const;
export type OtaPlatform = (typeof OTA_PLATFORMS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const secret = z.string().trim().max(500, 'channels:errors.secret_too_long');

/**
 * One OTA connection as the Add / Edit dialog writes it (Settings → OTA connections). Empty
 * strings mean "none": no unit mapped yet, no property id, no iCal feed. The API key and secret
 * are write-only: blank keeps what is stored (set_ota_credentials coalesces), never read back.
 */
export const otaConnectionSchema = z.object({
  platform: z.enum(OTA_PLATFORMS, { message: 'channels:errors.platform_required' }),
  connection_name: z.string().trim().min(1, 'channels:errors.name_required').max(200, 'channels:errors.name_too_long'),
  unit_id: z.string().refine((value) => value === '' || UUID.test(value), 'channels:errors.unit_invalid'),
  property_id: z.string().trim().max(200, 'channels:errors.property_id_too_long'),
  ical_import_url: channelImportUrlSchema.shape.ical_import_url,
  api_key: secret,
  api_secret: secret,
});
export type OtaConnectionInput = z.input<typeof otaConnectionSchema>;
export type OtaConnectionValues = z.output<typeof otaConnectionSchema>;

/** The row the table receives (the credentials go through set_ota_credentials, never here). */
export function toOtaConnectionRow(values: OtaConnectionValues) {
  return {
    platform: values.platform,
    connection_name: values.connection_name,
    unit_id: values.unit_id === '' ? null : values.unit_id,
    property_id: values.property_id === '' ? null : values.property_id,
    ical_import_url: values.ical_import_url === '' ? null : values.ical_import_url,
  };
}
