import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import type { Tables } from '@/types/database';
import { useUnitPhotos } from '../api/get-unit-photos';
import { PhotoLimitError, useUploadUnitPhotos } from '../api/upload-unit-photos';
import { displayName } from '../lib/unit-form-values';
import { checkPhotoSelection, MAX_UNIT_PHOTOS, ACCEPTED_PHOTO_TYPES } from '../lib/photos';
import { UnitPhotoTile } from './unit-photo-tile';

/** Up to 4 photos: upload (resized in the browser), choose the main one, reorder, remove. */
/** The unit's photos; `readOnly` (a role without units.write) shows them without adding, ordering or removing. */
export function UnitPhotosPanel({ unit, readOnly = false }: { unit: Tables<'units'>; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('units');
  const inputId = useId();
  const { organization } = useAuth();
  const photos = useUnitPhotos(unit.id);
  const upload = useUploadUnitPhotos();
  const [problem, setProblem] = useState<string | null>(null);
  const list = photos.data ?? [];
  const name = displayName(unit, i18n.language);
  const full = list.length >= MAX_UNIT_PHOTOS;

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0 || !organization) return;
    const check = checkPhotoSelection(list.length, files);
    if (check) {
      setProblem(t(check === 'limit' ? 'photos.limit' : 'photos.type'));
      return;
    }
    setProblem(null);
    upload.mutate(
      { organizationId: organization.id, unitId: unit.id, files, existingCount: list.length },
      {
        onError: (error) =>
          setProblem(
            error instanceof PhotoLimitError
              ? t('photos.limit')
              : `${t('photos.upload_failed')}: ${getErrorMessage(error)}`,
          ),
      },
    );
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${inputId}-title`} className="font-semibold text-stone-900">
            {t('photos.title')}
          </h3>
          <p className="text-sm text-stone-600">{t('photos.hint')}</p>
          <p className="text-sm text-stone-600">{t('photos.count', { count: list.length, max: MAX_UNIT_PHOTOS })}</p>
        </div>
        {readOnly ? null : (
          <label
            htmlFor={inputId}
            aria-disabled={full || upload.isPending}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary-700 px-4 text-sm font-medium text-white hover:bg-primary-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 aria-disabled:pointer-events-none aria-disabled:opacity-50"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {t('photos.add')}
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_PHOTO_TYPES.join(',')}
              multiple
              disabled={full || upload.isPending}
              onChange={handleFiles}
              className="sr-only"
            />
          </label>
        )}
      </div>
      {problem ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {upload.isPending ? <Spinner label={t('photos.uploading')} /> : null}
      {photos.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(photos.error)}
        </p>
      ) : null}
      {photos.isSuccess && list.length === 0 ? <p className="text-sm text-stone-600">{t('photos.empty')}</p> : null}
      <ol className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="unit-photos">
        {list.map((photo, index) => (
          <UnitPhotoTile
            key={photo.id}
            unitId={unit.id}
            photos={list}
            index={index}
            unitName={name}
            onProblem={setProblem}
            readOnly={readOnly}
          />
        ))}
      </ol>
    </section>
  );
}
