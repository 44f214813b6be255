import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DualDate } from '@/components/dual-date';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { todayIn } from '@/lib/format';
import type { Tables } from '@/types/database';
import { removeLicenceDocument, useLicenceDocumentUrl, useUploadLicenceDocument } from '../api/licence-document';
import { useUpdateUnitLicence } from '../api/update-unit-licence';
import {
  LICENCE_DOCUMENT_MAX_BYTES,
  LICENCE_DOCUMENT_TYPES,
  licenceSchema,
  licenceStatus,
  type LicenceInput,
  type LicenceValues,
} from '../lib/licence';
import { LicenceBadge } from './unit-licence-badge';

function defaults(unit: Tables<'units'>): LicenceInput {
  return {
    tourism_licence_number: unit.tourism_licence_number ?? '',
    tourism_licence_issued_on: unit.tourism_licence_issued_on ?? '',
    tourism_licence_expires_on: unit.tourism_licence_expires_on ?? '',
  };
}

/**
 * The unit's Ministry of Tourism licence (issue 17): its state, number, issue and expiry dates
 * (with their Hijri dates when the user shows them) and the permit's photo or PDF, kept in the
 * private unit-documents bucket and opened through a signed link.
 */
export function UnitLicencePanel({ unit, readOnly = false }: { unit: Tables<'units'>; readOnly?: boolean }) {
  const { t } = useTranslation('units');
  const { timeZone } = useOrganizationSettings();
  const form = useForm<LicenceInput, unknown, LicenceValues>({
    resolver: zodResolver(licenceSchema),
    defaultValues: defaults(unit),
  });
  const save = useUpdateUnitLicence();
  const upload = useUploadLicenceDocument();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeDocument, setRemoveDocument] = useState(false);
  const documentPath = unit.tourism_licence_document_path;
  const documentUrl = useLicenceDocumentUrl(unit.id, documentPath);
  const status = licenceStatus(unit, todayIn(timeZone));
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      let nextPath: string | null | undefined;
      if (file) nextPath = await upload.mutateAsync({ organizationId: unit.organization_id, unitId: unit.id, file });
      else if (removeDocument) nextPath = null;
      const saved = await save.mutateAsync({ id: unit.id, values, documentPath: nextPath });
      // The old document is no longer referenced: remove it (best effort; staff can upload again).
      if (nextPath !== undefined && documentPath && documentPath !== nextPath) {
        await removeLicenceDocument(documentPath).catch(() => undefined);
      }
      form.reset(defaults(saved));
      setFile(null);
      setRemoveDocument(false);
      toast.success(t('licence.saved'));
    } catch {
      // Shown below from the mutations' errors; the typed values stay.
    }
  });
  const saveError = save.error ?? upload.error;

  return (
    <section className="grid gap-4" aria-labelledby="unit-licence-title" data-testid="unit-licence">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="unit-licence-title" className="text-base font-semibold text-stone-900">
          {t('licence.title')}
        </h3>
        <LicenceBadge status={status} />
      </div>
      <p className="text-sm text-stone-600">{t('licence.description')}</p>
      {unit.tourism_licence_expires_on ? (
        <p className="text-sm text-stone-700" data-testid="licence-expiry">
          {t('licence.expires_on')} <DualDate value={unit.tourism_licence_expires_on} style="long" />
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
        <fieldset disabled={readOnly || isSubmitting} className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('licence.fields.number')}
            hint={t('licence.hints.number')}
            error={message(errors.tourism_licence_number?.message)}
            className="sm:col-span-2"
          >
            <Input
              dir="ltr"
              autoComplete="off"
              {...form.register('tourism_licence_number')}
              data-testid="licence-number"
            />
          </Field>
          <Field label={t('licence.fields.issued_on')} error={message(errors.tourism_licence_issued_on?.message)}>
            <DateInput {...form.register('tourism_licence_issued_on')} data-testid="licence-issued-on" />
          </Field>
          <Field label={t('licence.fields.expires_on')} error={message(errors.tourism_licence_expires_on?.message)}>
            <DateInput {...form.register('tourism_licence_expires_on')} data-testid="licence-expires-on" />
          </Field>
          <div className="grid gap-2 sm:col-span-2">
            <Field label={t('licence.fields.document')} hint={fileError ?? t('licence.hints.document')}>
              <Input
                type="file"
                accept={LICENCE_DOCUMENT_TYPES.join(',')}
                data-testid="licence-document"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFileError(null);
                  if (
                    chosen &&
                    (!(LICENCE_DOCUMENT_TYPES as readonly string[]).includes(chosen.type) ||
                      chosen.size > LICENCE_DOCUMENT_MAX_BYTES)
                  ) {
                    setFileError(t('licence.errors.document'));
                    setFile(null);
                    event.target.value = '';
                    return;
                  }
                  setFile(chosen);
                }}
              />
            </Field>
            {documentPath && !removeDocument ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                {documentUrl.data ? (
                  <a
                    href={documentUrl.data}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-primary-700 underline"
                    data-testid="licence-document-link"
                  >
                    <FileText aria-hidden className="size-4" />
                    {t('licence.view_document')}
                  </a>
                ) : documentUrl.isError ? (
                  <span role="alert" className="text-red-700">
                    {getErrorMessage(documentUrl.error)}
                  </span>
                ) : null}
                {readOnly ? null : (
                  <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveDocument(true)}>
                    {t('licence.remove_document')}
                  </Button>
                )}
              </div>
            ) : null}
          </div>
        </fieldset>
        {saveError ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {t('licence.save_failed', { reason: getErrorMessage(saveError) })}
          </p>
        ) : null}
        {readOnly ? null : (
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting} data-testid="licence-save">
              {isSubmitting ? t('form.saving') : t('licence.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
