import { MessageSquareQuote, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useDeleteTestimonial } from '../api/delete-testimonial';
import { useTestimonials, type Testimonial } from '../api/get-testimonials';
import { useSetTestimonialPublished } from '../api/publish-testimonial';
import { useConsoleFormat } from '../lib/use-console-format';
import { TestimonialDialog } from './testimonial-dialog';

/** The landing page's testimonials: drafts and published ones, in page order. */
export function TestimonialsPanel() {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const testimonials = useTestimonials();
  const publish = useSetTestimonialPublished();
  const remove = useDeleteTestimonial();
  const [editing, setEditing] = useState<{ testimonial: Testimonial | null } | null>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);

  const add = (
    <Button onClick={() => setEditing({ testimonial: null })} data-testid="testimonial-add">
      <Plus aria-hidden="true" />
      {t('testimonials.add')}
    </Button>
  );
  return (
    <section aria-label={t('tabs.testimonials')} data-testid="testimonials-panel">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">{t('testimonials.description')}</p>
        {add}
      </div>
      {testimonials.isPending ? (
        <Spinner label={t('common:loading')} className="py-12" />
      ) : testimonials.isError ? (
        <EmptyState title={getErrorMessage(testimonials.error)} />
      ) : testimonials.data.length === 0 ? (
        <EmptyState icon={MessageSquareQuote} title={t('testimonials.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {testimonials.data.map((item) => (
            <li key={item.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="testimonial">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{item.author_name}</span>
                {item.author_role ? <span className="text-sm text-stone-500">{item.author_role}</span> : null}
                <Badge variant={item.is_published ? 'success' : 'neutral'}>
                  {item.is_published ? t('testimonials.published') : t('testimonials.draft')}
                </Badge>
                {item.permission_at ? null : <Badge variant="warning">{t('testimonials.no_permission')}</Badge>}
                <span className="ms-auto text-xs text-stone-500">
                  {t('testimonials.order', { order: format.number(item.sort_order) })}
                </span>
              </div>
              <blockquote lang={item.language} dir={item.language === 'ar' ? 'rtl' : 'ltr'} className="mt-2 text-sm">
                {item.quote}
              </blockquote>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing({ testimonial: item })}>
                  {t('testimonials.edit')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={publish.isPending || (!item.is_published && !item.permission_at)}
                  onClick={() => publish.mutate({ id: item.id, published: !item.is_published })}
                >
                  {item.is_published ? t('testimonials.unpublish') : t('testimonials.publish')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(item)}>
                  {t('testimonials.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TestimonialDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        testimonial={editing?.testimonial ?? null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('testimonials.delete_title')}
        description={t('testimonials.delete_description', { author: deleting?.author_name ?? '' })}
        confirmLabel={t('testimonials.delete')}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
