import { describe, expect, it } from 'vitest';
import { EMPTY_ALERT_FORM, alertFormSchema, thresholdKind, type AlertFormInput } from './alert-schema';
import { subjectLink } from './subject-link';

const form = (patch: Partial<AlertFormInput>) =>
  alertFormSchema.safeParse({ ...EMPTY_ALERT_FORM, name: 'X', ...patch });
const issues = (patch: Partial<AlertFormInput>) => {
  const result = form(patch);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('alert form schema', () => {
  it('measures each type in its unit', () => {
    expect(thresholdKind('overdue_invoices')).toBe('amount');
    expect(thresholdKind('failed_payment')).toBe('amount');
    expect(thresholdKind('low_occupancy')).toBe('percent');
    expect(thresholdKind('revenue_drop')).toBe('percent');
    expect(thresholdKind('licence_expiring')).toBe('days');
    expect(thresholdKind('invoice_overdue_days')).toBe('days');
  });

  it('checks the threshold as the database does: amounts ≥ 0, percentages 0–100, whole days ≥ 1', () => {
    expect(issues({ threshold: '' })).toEqual(['threshold:threshold_required']);
    expect(issues({ type: 'large_payment', threshold: '-1' })).toEqual(['threshold:threshold_amount']);
    expect(issues({ type: 'large_payment', threshold: '0' })).toEqual([]);
    expect(issues({ type: 'revenue_drop', threshold: '100.5' })).toEqual(['threshold:threshold_percent']);
    expect(issues({ type: 'licence_expiring', threshold: '0' })).toEqual(['threshold:threshold_days']);
    expect(issues({ type: 'licence_expiring', threshold: '2.5' })).toEqual(['threshold:threshold_days']);
    expect(issues({ name: '  ' })).toEqual(['name:name_required']);
  });

  it('asks for the window only for occupancy, and sends it only then', () => {
    expect(issues({ type: 'low_occupancy', threshold: '40', window_days: '0' })).toEqual(['window_days:window_days']);
    expect(issues({ type: 'low_occupancy', threshold: '40', window_days: '366' })).toEqual(['window_days:window_days']);
    const occupancy = form({ type: 'low_occupancy', threshold: '40', window_days: '14', name_ar: ' ' });
    expect(occupancy.success && occupancy.data).toMatchObject({ threshold: 40, window_days: 14, name_ar: null });
    const other = form({ type: 'outstanding_balance', threshold: '2500.5', window_days: 'x' });
    expect(other.success && other.data).toMatchObject({ threshold: 2500.5, window_days: null });
  });

  it('links a subject to where it is shown', () => {
    expect(subjectLink({ subject_type: 'invoice', subject_id: 'i1', details: {} })).toBe(
      '/dashboard/payments/invoices/i1',
    );
    expect(subjectLink({ subject_type: 'payment', subject_id: 'p1', details: { invoice_id: 'i2' } })).toBe(
      '/dashboard/payments/invoices/i2',
    );
    expect(subjectLink({ subject_type: 'unit', subject_id: 'u1', details: {} })).toBe('/dashboard/units?unit=u1');
    expect(subjectLink({ subject_type: 'organization', subject_id: null, details: {} })).toBeNull();
  });
});
