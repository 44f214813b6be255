import { describe, expect, it } from 'vitest';
import { isoToZonedParts } from './lib/zoned-time';
import { emptyTaskForm, parseChecklist, taskFormSchema, toTaskForm, toTaskPayload, type Task } from './schemas';

describe('task schema → request', () => {
  it('turns the form into the row: due in the organisation’s zone, default time, recurrence, checklist', () => {
    const values = taskFormSchema.parse({
      ...emptyTaskForm('maintenance'),
      title: 'AC',
      due_date: '2026-12-01',
      recurrence: 'weekly',
      checklist: [{ label: ' Filter ', done: false }],
    });
    expect(toTaskPayload(values, 'Asia/Riyadh')).toMatchObject({
      title: 'AC',
      type: 'maintenance',
      due_at: '2026-12-01T14:00:00.000Z',
      recurrence: 'weekly',
      checklist: [{ label: 'Filter', done: false }],
      unit_id: null,
      vendor_id: null,
    });
    const once = taskFormSchema.parse({ ...emptyTaskForm(), title: 'x' });
    expect(toTaskPayload(once, 'Asia/Riyadh')).toMatchObject({ due_at: null, recurrence: null });
  });

  it('keeps only well-formed checklist items from the JSON column', () => {
    expect(parseChecklist([{ label: 'a', done: true }, { label: '', done: false }, 'x', { label: 'b' }])).toEqual([
      { label: 'a', done: true },
    ]);
    expect(parseChecklist(null)).toEqual([]);
  });

  it('editing shows a saved task as it was entered (form ↔ row round trip)', () => {
    const values = taskFormSchema.parse({
      ...emptyTaskForm(),
      title: 'Turnover',
      unit_id: 'u1',
      vendor_id: 'v1',
      due_date: '2026-12-03',
      due_time: '09:30',
      recurrence: 'monthly',
      checklist: [{ label: 'Linen', done: true }],
    });
    const row = { ...toTaskPayload(values, 'Asia/Riyadh'), id: 't1' } as unknown as Task;
    const form = toTaskForm(row, (iso) => isoToZonedParts(iso, 'Asia/Riyadh'));
    expect(taskFormSchema.parse(form)).toEqual(values);
  });

  it('edits a generated task in the reader’s language; a person’s title reads the same in both', () => {
    const generated = {
      ...toTaskPayload(
        taskFormSchema.parse({
          ...emptyTaskForm(),
          title: 'Cleaning: Olaya Skyline Apartment',
          description: 'Turnover cleaning after booking BK-ABC234 (check-out 2026-12-03).',
        }),
        'Asia/Riyadh',
      ),
      id: 't2',
      title_ar: 'تنظيف: شقة العليا سكاي لاين',
      description_ar: 'تنظيف بين الإقامات بعد الحجز BK-ABC234 (تاريخ المغادرة 2026-12-03).',
    } as unknown as Task;
    const toLocal = (iso: string) => isoToZonedParts(iso, 'Asia/Riyadh');
    expect(toTaskForm(generated, toLocal, 'ar')).toMatchObject({
      title: 'تنظيف: شقة العليا سكاي لاين',
      description: 'تنظيف بين الإقامات بعد الحجز BK-ABC234 (تاريخ المغادرة 2026-12-03).',
    });
    expect(toTaskForm(generated, toLocal, 'en')).toMatchObject({
      title: 'Cleaning: Olaya Skyline Apartment',
      description: 'Turnover cleaning after booking BK-ABC234 (check-out 2026-12-03).',
    });
    const written = {
      ...generated,
      title: 'Deep clean before VIP',
      title_ar: null,
      description: null,
      description_ar: null,
    } as Task;
    expect(toTaskForm(written, toLocal, 'ar')).toMatchObject({ title: 'Deep clean before VIP', description: '' });
  });
});
