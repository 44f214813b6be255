import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  INVOICE_CURRENCIES,
  INVOICE_KINDS,
  invoiceSchema,
  type InvoiceInput,
  type InvoiceValues,
} from '@/domain/invoices';
import type { BookingOption, ClientOption } from '../api/search-options';
import { BuyerFields } from './buyer-fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InvoiceLinesEditor } from './invoice-lines-editor';
import { BookingPicker, ClientPicker } from './pickers';

export interface InvoiceFormProps {
  defaultValues: InvoiceInput;
  defaultClient?: ClientOption | null;
  defaultBooking?: BookingOption | null;
  serverError?: string | null;
  /** Resolves when saved (and issued when `issue`); rejects to keep everything typed. */
  onSubmit: (values: InvoiceValues, options: { issue: boolean }) => Promise<unknown>;
  onCancel: () => void;
}

/** A manual invoice or a draft's edit: client and booking optional, lines, currency, dates, buyer. */
export function InvoiceForm({
  defaultValues,
  defaultClient = null,
  defaultBooking = null,
  serverError,
  onSubmit,
  onCancel,
}: InvoiceFormProps) {
  const { t } = useTranslation('invoices');
  const [client, setClient] = useState<ClientOption | null>(defaultClient);
  const [booking, setBooking] = useState<BookingOption | null>(defaultBooking);
  const form = useForm<InvoiceInput, unknown, InvoiceValues>({ resolver: zodResolver(invoiceSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const [kind, currency] = useWatch({ control: form.control, name: ['invoice_kind', 'currency'] });
  const message = (key?: string) => (key ? t(key) : undefined);
  // Issuing is final (no edit, no delete afterwards): the form asks once the values are valid.
  const [toIssue, setToIssue] = useState<InvoiceValues | null>(null);
  const submit = (issue: boolean) =>
    form.handleSubmit(async (values) => {
      if (issue) setToIssue(values);
      else await onSubmit(values, { issue: false }).catch(() => undefined);
    });

  return (
    <form onSubmit={submit(false)} noValidate data-testid="invoice-form">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.kind')} hint={t(`kind_hint.${kind}`)} className="sm:col-span-2">
          <Select {...form.register('invoice_kind')} data-testid="invoice-kind">
            {INVOICE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kind.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Controller
          control={form.control}
          name="client_id"
          render={({ field }) => (
            <Field label={t('form.client')}>
              <ClientPicker
                label={t('form.client')}
                value={client}
                onChange={(next) => {
                  setClient(next);
                  field.onChange(next?.id ?? '');
                  if (next && !form.getValues('buyer_name')) form.setValue('buyer_name', next.name);
                }}
              />
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="booking_id"
          render={({ field }) => (
            <Field label={t('form.booking')}>
              <BookingPicker
                label={t('form.booking')}
                value={booking}
                onChange={(next) => {
                  setBooking(next);
                  field.onChange(next?.id ?? '');
                }}
              />
            </Field>
          )}
        />
        <Field label={t('form.currency')}>
          <Select {...form.register('currency')} data-testid="invoice-currency">
            {INVOICE_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </Field>
        {currency !== 'SAR' ? (
          <Field
            label={t('form.exchange_rate')}
            hint={t('form.exchange_rate_hint', { currency })}
            error={message(errors.exchange_rate?.message)}
          >
            <Input
              inputMode="decimal"
              dir="ltr"
              {...form.register('exchange_rate')}
              data-testid="invoice-exchange-rate"
            />
          </Field>
        ) : (
          <div className="hidden sm:block" />
        )}
        <Field
          label={t('form.issue_date')}
          hint={t('form.issue_date_hint')}
          error={message(errors.issue_date?.message)}
        >
          <DateInput {...form.register('issue_date')} data-testid="invoice-issue-date" />
        </Field>
        <Field label={t('form.due_date')} error={message(errors.due_date?.message)}>
          <DateInput {...form.register('due_date')} data-testid="invoice-due-date" />
        </Field>
        <div className="sm:col-span-2">
          <InvoiceLinesEditor control={form.control} register={form.register} errors={errors} currency={currency} />
        </div>
        {kind === 'standard' ? (
          <div className="sm:col-span-2">
            <BuyerFields register={form.register} errors={errors} />
          </div>
        ) : null}
        <Field label={t('form.notes')} error={message(errors.notes?.message)} className="sm:col-span-2">
          <Textarea {...form.register('notes')} />
        </Field>
        {serverError ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2"
            data-testid="invoice-form-error"
          >
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="secondary" data-testid="save-draft">
            {t('actions.save_draft')}
          </Button>
          <Button onClick={() => void submit(true)()} data-testid="save-and-issue">
            {t('actions.save_and_issue')}
          </Button>
        </div>
      </fieldset>
      <ConfirmDialog
        open={toIssue !== null}
        onOpenChange={(open) => !open && setToIssue(null)}
        title={t('form.issue_confirm_title')}
        description={t('form.issue_confirm_description')}
        confirmLabel={t('actions.issue')}
        onConfirm={() => {
          const values = toIssue;
          setToIssue(null);
          if (values) void onSubmit(values, { issue: true }).catch(() => undefined);
        }}
      />
    </form>
  );
}
