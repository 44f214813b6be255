import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { AlertFormValues } from '../lib/alert-schema';
import { alertsKeys } from './keys';

export interface SaveAlertInput {
  /** Absent: a new alert. */
  id?: string;
  /** What alertFormSchema made of the inputs. */
  values: AlertFormValues;
}

/** Creates or updates an alert (automations.write); the database checks the threshold again. */
export async function saveAlert({ id, values }: SaveAlertInput): Promise<void> {
  if (id) await run(supabase.from('alerts').update(values).eq('id', id));
  else await run(supabase.from('alerts').insert(values));
}

export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlert,
    retry: false,
    // The dialog shows why under the form.
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.list() }),
  });
}

/** Switches an alert on or off from the list. */
export async function setAlertActive({ id, active }: { id: string; active: boolean }): Promise<void> {
  await run(supabase.from('alerts').update({ is_active: active }).eq('id', id));
}

export function useSetAlertActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlertActive,
    retry: false,
    meta: { errorTitle: 'alerts:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.list() }),
  });
}
