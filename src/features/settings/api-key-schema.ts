import { z } from 'zod';

/**
 * SPEC §5 and §8: an API key needs a name ("Please enter an API key name"); the database allows
 * 1–100 characters after trimming (api_keys_name_check). The form and the request both use it.
 */
export const API_KEY_NAME_MAX = 100;

export const apiKeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'settings:security.api_keys.errors.name_required' })
    .max(API_KEY_NAME_MAX, { error: 'settings:security.api_keys.errors.name_too_long' }),
});

export type ApiKeyNameValues = z.input<typeof apiKeyNameSchema>;
