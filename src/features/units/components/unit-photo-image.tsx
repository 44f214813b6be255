import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { unitPhotoUrl } from '../api/get-unit-photos';

/** A stored photo; a file that cannot be loaded shows a labelled placeholder, not a broken image. */
export function UnitPhotoImage({
  storagePath,
  alt,
  className,
}: {
  storagePath: string | null;
  alt: string;
  className?: string;
}) {
  const { t } = useTranslation('units');
  const [failedPath, setFailedPath] = useState<string | null>(null);
  if (!storagePath || failedPath === storagePath) {
    return (
      <div
        className={cn('flex flex-col items-center justify-center gap-1 bg-stone-100 text-xs text-stone-700', className)}
      >
        <ImageOff aria-hidden="true" className="size-6" />
        <span>{storagePath ? t('photos.unavailable') : t('list.no_photo')}</span>
      </div>
    );
  }
  return (
    <img
      src={unitPhotoUrl(storagePath)}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedPath(storagePath)}
      className={cn('object-cover', className)}
    />
  );
}
