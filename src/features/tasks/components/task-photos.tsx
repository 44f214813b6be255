import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTaskPhotos } from '../api/get-task-photos';
import { useRemoveTaskPhoto } from '../api/remove-task-photo';
import { TASK_PHOTO_MAX_BYTES, TASK_PHOTO_TYPES, useUploadTaskPhotos } from '../api/upload-task-photos';

export interface TaskPhotosProps {
  organizationId: string;
  taskId: string;
  canUpload: boolean;
  canRemove: boolean;
}

/** Photos of the result: a gallery of signed URLs and an upload button (camera on phones). */
export function TaskPhotos({ organizationId, taskId, canUpload, canRemove }: TaskPhotosProps) {
  const { t } = useTranslation('tasks');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const photos = useTaskPhotos(organizationId, taskId);
  const upload = useUploadTaskPhotos();
  const remove = useRemoveTaskPhoto();

  const handleFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    if (
      files.some(
        (file) => !(TASK_PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > TASK_PHOTO_MAX_BYTES,
      )
    ) {
      toast.error(t('errors.upload_failed'), { description: t('errors.photo_type') });
      return;
    }
    upload.mutate({ organizationId, taskId, files }, { onSuccess: () => toast.success(t('toasts.photos_uploaded')) });
  };

  return (
    // A named group, not a section: a board shows one per task card, and same-named regions are
    // landmarks a screen reader cannot tell apart (axe landmark-unique).
    <div role="group" className="flex flex-col gap-2" aria-labelledby={`${inputId}-title`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${inputId}-title`} className="text-sm font-semibold text-stone-900">
          {t('fields.photos')}
        </h3>
        {canUpload ? (
          <>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={TASK_PHOTO_TYPES.join(',')}
              multiple
              className="peer sr-only"
              data-testid="task-photo-input"
              onChange={(event) => handleFiles(event.target.files)}
            />
            <Button asChild variant="outline" size="sm" aria-disabled={upload.isPending}>
              {/* The hidden file input has the focus: its label shows it. */}
              <label
                htmlFor={inputId}
                className="cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600"
              >
                <ImagePlus aria-hidden="true" />
                {t('actions.upload_photos')}
              </label>
            </Button>
          </>
        ) : null}
      </div>
      {photos.isPending || upload.isPending ? <Skeleton className="h-20 w-full" /> : null}
      {photos.data && photos.data.length === 0 && !upload.isPending ? (
        <p className="text-sm text-stone-600">{t('details.no_photos')}</p>
      ) : null}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="task-photos">
        {photos.data?.map((photo, index) => (
          <li key={photo.path} className="relative">
            {photo.url ? (
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={t('details.photo_alt', { number: index + 1 })}
                  className="aspect-square w-full rounded-md object-cover"
                />
              </a>
            ) : null}
            {canRemove ? (
              <Button
                variant="destructive"
                size="icon"
                className="absolute top-1 end-1 size-7"
                aria-label={t('actions.remove_photo')}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ taskId, path: photo.path })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
