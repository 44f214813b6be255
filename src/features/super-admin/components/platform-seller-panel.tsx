import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { usePlatformSeller, type PlatformSeller } from '../api/get-platform-seller';
import { useSavePlatformSeller } from '../api/save-platform-seller';
import { platformSellerFormSchema, type PlatformSellerInput, type PlatformSellerValues } from '../schemas';
import { useConsoleFormat } from '../lib/use-console-format';

const FIELDS = [
  'legal_name_en',
  'legal_name_ar',
  'vat_number',
  'commercial_registration',
  'address_street',
  'address_building_number',
  'address_additional_number',
  'address_district',
  'address_city',
  'address_region',
  'address_postal_code',
] as const satisfies ReadonlyArray<keyof PlatformSellerInput>;
/** Typed left to right whatever the language (digits, the English name). */
const LTR_FIELDS = new Set<string>([
  'legal_name_en',
  'vat_number',
  'commercial_registration',
  'address_building_number',
  'address_additional_number',
  'address_postal_code',
]);

function formValues(seller: PlatformSeller | null | undefined): PlatformSellerInput {
  return Object.fromEntries(FIELDS.map((field) => [field, seller?.[field] ?? ''])) as PlatformSellerInput;
}

/**
 * The platform as seller of subscriptions: the legal details printed on every subscription tax
 * invoice. Until they are saved, organisations cannot pay for a plan (409 platform_seller_missing).
 */
export function PlatformSellerPanel() {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const seller = usePlatformSeller();
  const save = useSavePlatformSeller();
  const form = useForm<PlatformSellerInput, unknown, PlatformSellerValues>({
    resolver: zodResolver(platformSellerFormSchema),
    defaultValues: formValues(null),
  });
  const { formState, register, reset } = form;
  useEffect(() => {
    if (seller.data !== undefined) reset(formValues(seller.data));
  }, [seller.data, reset]);

  if (seller.isPending) return <Spinner label={t('common:loading')} className="py-12" />;
  if (seller.isError) return <EmptyState title={getErrorMessage(seller.error)} data-testid="platform-error" />;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      return; // toasted; the form stays as typed
    }
    toast.success(t('toast.platform_saved'));
  });
  const message = (key?: string) => (key ? t(key) : undefined);

  return (
    <Card data-testid="platform-panel">
      <CardHeader>
        <CardTitle level={2}>{t('platform.title')}</CardTitle>
        <CardDescription>{t('platform.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {seller.data ? (
          <p className="text-xs text-stone-600" data-testid="platform-updated">
            {t('platform.updated_at', { date: format.dateTime(seller.data.updated_at) })}
          </p>
        ) : (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="platform-missing">
            {t('platform.missing')}
          </p>
        )}
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <fieldset disabled={formState.isSubmitting} className="grid gap-3 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <Field
                key={field}
                label={t(`platform.fields.${field}`)}
                hint={field === 'vat_number' ? t('platform.vat_hint') : undefined}
                error={message(formState.errors[field]?.message)}
              >
                <Input
                  {...register(field)}
                  dir={LTR_FIELDS.has(field) ? 'ltr' : undefined}
                  inputMode={LTR_FIELDS.has(field) && field !== 'legal_name_en' ? 'numeric' : undefined}
                  data-testid={`platform-${field}`}
                />
              </Field>
            ))}
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={formState.isSubmitting} data-testid="platform-save">
              {t('platform.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
