import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { alertsKeys } from './keys';

const evaluationSchema = z.object({ evaluated: z.number(), fired: z.number() });
export type AlertEvaluation = z.infer<typeof evaluationSchema>;

/** "Check now": evaluates every active alert of the organisation (automations.write). */
export async function evaluateMyAlerts(): Promise<AlertEvaluation> {
  return await run(supabase.rpc('evaluate_my_alerts'), { schema: evaluationSchema });
}

export function useEvaluateMyAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateMyAlerts,
    retry: false,
    meta: { errorTitle: 'alerts:errors.check_failed' },
    // A fired alert's notification reaches the bell by its live subscription.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}
