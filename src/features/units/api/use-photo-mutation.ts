import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unitKeys } from './keys';

/**
 * The shared shape of the photo mutations: the photo manager shows "Failed to upload/remove
 * photos" itself (no toast), and the photos and the list (main photo) refresh either way.
 */
export function usePhotoMutation<T extends { unitId: string }>(mutationFn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipErrorToast: true },
    onSettled: (_data, _error, { unitId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitKeys.photos(unitId) }),
        queryClient.invalidateQueries({ queryKey: unitKeys.lists() }),
      ]),
  });
}
