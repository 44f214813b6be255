import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteReview } from '../api/delete-review';

export interface ReviewsDeleteDialogProps {
  review: { id: string; guest_name: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Deleting a review asks first (focus starts on Cancel): it is gone for good, not just hidden. */
export function ReviewsDeleteDialog({ review, onOpenChange }: ReviewsDeleteDialogProps) {
  const { t } = useTranslation('reviews');
  const remove = useDeleteReview();
  return (
    <AlertDialog open={review !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
        <AlertDialogDescription>{t('delete.description', { name: review?.guest_name ?? '' })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common:actions.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (review) remove.mutate(review.id);
            }}
          >
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
