import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateAfterWrite, type WrittenRows } from '@/lib/query-roots';

/**
 * What the wizard's compact lists and inserts (units.ts, clients.ts, bookings.ts) share.
 *
 * They are deliberately not the units and clients features' own saves: the wizard writes the
 * least a first row needs (a unit from five fields, where the units editor takes over twenty; a
 * guest with any phone number of 5–30 digits, foreign ones too, where the clients form takes only
 * Saudi numbers and asks for language, VIP and member-since), reads back a small summary, and
 * features may not import each other (DESIGN §1). So each insert is its own few lines, and the
 * policy around them lives here once.
 */

/** Only columns both tables have, so one helper serves units and clients. */
interface NewestQuery<Q> {
  eq(column: 'organization_id', value: string): Q;
  order(column: 'created_at', options: { ascending: boolean }): Q;
  limit(count: number): Q;
}

/** How many existing rows a step shows or offers to choose from. */
const LIST_LIMIT = 50;

/** The organisation's newest rows first (SPEC §7), as many as the wizard shows. */
export function newestOfOrganization<Q extends NewestQuery<Q>>(query: Q, organizationId: string): Q {
  return query.eq('organization_id', organizationId).order('created_at', { ascending: false }).limit(LIST_LIMIT);
}

/** A step's list of existing rows; waits until the organisation exists. */
export function useWizardList<T>(
  key: (organizationId: string) => QueryKey,
  fetch: (organizationId: string, signal: AbortSignal) => Promise<T[]>,
  organizationId: string | undefined,
) {
  return useQuery({
    queryKey: key(organizationId ?? ''),
    queryFn: ({ signal }) => fetch(organizationId ?? '', signal),
    enabled: Boolean(organizationId),
  });
}

/** A step's insert of `written` rows. */
export function useWizardInsert<TInput, TResult>(insert: (input: TInput) => Promise<TResult>, written: WrittenRows) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insert,
    // An insert is not idempotent: never repeat it behind the user's back.
    retry: false,
    // The step shows a failure itself, next to the form it keeps.
    meta: { skipErrorToast: true },
    // Every screen showing these rows refetches: the wizard's lists and the features' screens.
    onSuccess: () => invalidateAfterWrite(queryClient, [written]),
  });
}
