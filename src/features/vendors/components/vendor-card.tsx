import { BadgeCheck, MapPin, Phone, Plus, ShieldOff, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useAddVendor } from '../api/add-vendor';
import type { VendorListItem } from '../api/get-vendors';
import { useRemoveVendor } from '../api/remove-vendor';
import { useSetVendorVerification } from '../api/set-vendor-verification';
import { VendorRating } from './vendor-rating';
import { localized } from '@/lib/localized';

export interface VendorCardProps {
  vendor: VendorListItem;
  organizationId: string;
  /** Administrators verify vendors their organisation works with. */
  canVerify: boolean;
  canManage: boolean;
}

export function VendorCard({ vendor, organizationId, canVerify, canManage }: VendorCardProps) {
  const { t, i18n } = useTranslation('vendors');
  const language = i18n.language as Language;
  const { timeZone } = useOrganizationSettings();
  const name = localized(language, vendor.name, vendor.name_ar);
  const add = useAddVendor();
  const remove = useRemoveVendor();
  const verification = useSetVendorVerification();

  return (
    <article
      data-testid="vendor-card"
      data-vendor-id={vendor.id}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-stone-900">{name}</h2>
          {vendor.city ? (
            <p className="flex items-center gap-1 text-xs text-stone-600">
              <MapPin aria-hidden="true" className="size-3.5" />
              {vendor.city}
            </p>
          ) : null}
        </div>
        {vendor.verified ? (
          <Badge variant="success" data-testid="verified-badge">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {t('card.verified')}
          </Badge>
        ) : (
          <Badge variant="neutral">{t('card.unverified')}</Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {vendor.categories.map((category) => (
          <Badge key={category} variant="info">
            {t(`category.${category}`)}
          </Badge>
        ))}
        {vendor.isMine ? <Badge variant="warning">{t('card.mine')}</Badge> : null}
      </div>
      <VendorRating rating={Number(vendor.rating)} count={vendor.reviews_count} />
      {vendor.services.length > 0 ? (
        <p className="text-sm text-stone-700">
          <span className="sr-only">{t('card.services')}: </span>
          {vendor.services.join(' · ')}
        </p>
      ) : null}
      {vendor.phone ? (
        <a
          href={`tel:${vendor.phone}`}
          dir="ltr"
          className="flex w-fit items-center gap-1 text-sm text-primary-700 hover:underline"
        >
          <Phone aria-hidden="true" className="size-3.5" />
          {vendor.phone}
        </a>
      ) : null}
      {vendor.verification_changed_at ? (
        <p className="text-xs text-stone-500" data-testid="verification-line">
          {vendor.verification_changed_by_name
            ? t('card.verification_by', {
                date: formatDateTime(vendor.verification_changed_at, language, timeZone),
                name: vendor.verification_changed_by_name,
              })
            : t('card.verification_at', { date: formatDateTime(vendor.verification_changed_at, language, timeZone) })}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        {canManage && !vendor.isMine ? (
          <Button size="sm" disabled={add.isPending} onClick={() => add.mutate(vendor.id)}>
            <Plus aria-hidden="true" />
            {t('actions.add')}
          </Button>
        ) : null}
        {canVerify && vendor.isMine ? (
          <Button
            size="sm"
            variant="outline"
            disabled={verification.isPending}
            onClick={() => verification.mutate({ vendorId: vendor.id, verified: !vendor.verified })}
          >
            {vendor.verified ? <ShieldOff aria-hidden="true" /> : <BadgeCheck aria-hidden="true" />}
            {vendor.verified ? t('actions.unverify') : t('actions.verify')}
          </Button>
        ) : null}
        {canManage && vendor.isMine ? (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button size="sm" variant="ghost" className="text-red-700">
                <UserMinus aria-hidden="true" />
                {t('actions.remove')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>{t('confirm.remove_title', { name })}</AlertDialogTitle>
              <AlertDialogDescription>{t('confirm.remove_description')}</AlertDialogDescription>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('actions.keep')}</AlertDialogCancel>
                <AlertDialogAction onClick={() => remove.mutate({ organizationId, vendorId: vendor.id })}>
                  {t('actions.remove')}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        ) : null}
      </div>
    </article>
  );
}
