import { ArrowLeft, ArrowRight, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';
import type { UnitPhoto } from '../api/get-unit-photos';
import { useRemoveUnitPhoto } from '../api/remove-unit-photo';
import { useReorderUnitPhotos } from '../api/reorder-unit-photos';
import { useSetMainUnitPhoto } from '../api/set-main-unit-photo';
import { moveItem } from '../lib/photos';
import { UnitPhotoImage } from './unit-photo-image';

interface Props {
  unitId: string;
  photos: UnitPhoto[];
  index: number;
  unitName: string;
  onProblem: (message: string | null) => void;
  /** Shown only: no main-photo, order or remove buttons (a role without units.write). */
  readOnly?: boolean;
}

export function UnitPhotoTile({ unitId, photos, index, unitName, onProblem, readOnly = false }: Props) {
  const { t } = useTranslation('units');
  const photo = photos[index] as UnitPhoto;
  const setMain = useSetMainUnitPhoto();
  const reorder = useReorderUnitPhotos();
  const remove = useRemoveUnitPhoto();
  const busy = setMain.isPending || reorder.isPending || remove.isPending;
  const fail = (key: string) => (error: Error) => onProblem(`${t(key)}: ${getErrorMessage(error)}`);

  const handleMove = (to: number) => {
    onProblem(null);
    const orderedIds = moveItem(photos, index, to).map((item) => item.id);
    reorder.mutate({ unitId, orderedIds }, { onError: fail('photos.update_failed') });
  };

  return (
    <li className="grid gap-2 rounded-md border border-stone-200 p-2" data-testid="unit-photo">
      <div className="relative">
        <UnitPhotoImage
          storagePath={photo.storage_path}
          alt={t('photos.alt', { index: index + 1, name: unitName })}
          className="aspect-[4/3] w-full rounded"
        />
        {photo.is_main ? (
          <Badge variant="success" className="absolute top-2 start-2">
            <Star aria-hidden="true" className="size-3" />
            {t('photos.main')}
          </Badge>
        ) : null}
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-1">
          {!photo.is_main ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => {
                onProblem(null);
                setMain.mutate({ unitId, photoId: photo.id }, { onError: fail('photos.update_failed') });
              }}
            >
              <Star aria-hidden="true" />
              {t('photos.set_main')}
            </Button>
          ) : null}
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            disabled={busy || index === 0}
            onClick={() => handleMove(index - 1)}
            aria-label={t('photos.move_earlier')}
          >
            <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            disabled={busy || index === photos.length - 1}
            onClick={() => handleMove(index + 1)}
            aria-label={t('photos.move_later')}
          >
            <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-8 text-red-700"
            disabled={busy}
            aria-label={t('photos.remove')}
            onClick={() => {
              onProblem(null);
              remove.mutate(
                { unitId, photoId: photo.id, storagePath: photo.storage_path, smallPath: photo.small_path },
                { onError: fail('photos.remove_failed') },
              );
            }}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}
