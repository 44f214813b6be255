import { z } from 'zod';

/** The platform's calendar address (iCal) of a connection: http(s) only, or empty to stop importing. */
export const channelImportUrlSchema = z.object({
  ical_import_url: z
    .string()
    .trim()
    .max(2000, 'channels:errors.url_invalid')
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), 'channels:errors.url_invalid'),
});
export type ChannelImportUrlInput = z.infer<typeof channelImportUrlSchema>;
