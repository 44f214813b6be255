import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { apiKeyNameSchema, type ApiKeyNameValues } from '../api-key-schema';
import { apiKeyKeys } from './api-key-keys';

const createdSchema = z
  .array(z.object({ id: z.string(), name: z.string(), prefix: z.string(), key: z.string(), created_at: z.string() }))
  .length(1);

export type CreatedApiKey = z.infer<typeof createdSchema>[number];

/**
 * Makes a key (create_api_key): the answer is the only time the key itself exists outside the
 * caller's hands — the database keeps its SHA-256 and prefix. The name is checked with the
 * form's own schema first, then again by the database.
 */
export async function createApiKey(input: ApiKeyNameValues): Promise<CreatedApiKey> {
  const { name } = apiKeyNameSchema.parse(input);
  const [created] = await run(supabase.rpc('create_api_key', { key_name: name }), { schema: createdSchema });
  return created!;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // Not idempotent: a retry after a lost answer would make a second key nobody saw.
    retry: false,
    // The form shows the failure under the name field.
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
