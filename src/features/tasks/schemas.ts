import { z } from 'zod';
import { localized } from '@/lib/localized';
import { Constants, type Tables, type TablesInsert } from '@/types/database';
import { zonedDateTimeToIso } from './lib/zoned-time';

/**
 * One schema for the task form and the request that saves it (STYLE 9). Messages are keys in
 * the `tasks` namespace (`validation.*`), so the form shows them in the user's language.
 */
export const TASK_TYPES = Constants.public.Enums.task_type;
export const TASK_PRIORITIES = Constants.public.Enums.task_priority;
export const TASK_STATUSES = Constants.public.Enums.task_status;
export const TASK_RECURRENCES = Constants.public.Enums.task_recurrence;
export type TaskType = (typeof TASK_TYPES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskRecurrence = (typeof TASK_RECURRENCES)[number];
export type Task = Tables<'tasks'>;

/** The board's columns (SPEC §4); cancelled tasks are reached through the list's status filter. */
export const BOARD_STATUSES = ['pending', 'in_progress', 'completed'] as const satisfies readonly TaskStatus[];

export const MAX_CHECKLIST_ITEMS = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface ChecklistItem {
  label: string;
  done: boolean;
}

export const checklistItemSchema = z.object({
  label: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.too_long' }),
  done: z.boolean(),
});

const optionalId = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null));

export const taskFormSchema = z
  .object({
    title: z.string().trim().min(1, { message: 'validation.required' }).max(200, { message: 'validation.too_long' }),
    description: z
      .string()
      .trim()
      .max(5000, { message: 'validation.too_long' })
      .nullish()
      .transform((value) => (value ? value : null)),
    type: z.enum(TASK_TYPES, { message: 'validation.required' }),
    priority: z.enum(TASK_PRIORITIES, { message: 'validation.required' }),
    unit_id: optionalId,
    booking_id: optionalId,
    vendor_id: optionalId,
    assignee_id: optionalId,
    due_date: z.union([z.literal(''), z.string().regex(DATE, { message: 'validation.date' })]),
    due_time: z.union([z.literal(''), z.string().regex(TIME, { message: 'validation.time' })]),
    recurrence: z.enum(['none', ...TASK_RECURRENCES]),
    checklist: z.array(checklistItemSchema).max(MAX_CHECKLIST_ITEMS, { message: 'validation.checklist_too_long' }),
  })
  .superRefine((value, ctx) => {
    // A series steps from its date (tasks_recurrence_due in the database).
    if (value.recurrence !== 'none' && !value.due_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'validation.recurrence_needs_date' });
    }
    if (value.due_time && !value.due_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'validation.time_needs_date' });
    }
  });

export type TaskFormInput = z.input<typeof taskFormSchema>;
export type TaskFormValues = z.output<typeof taskFormSchema>;

/** Without a time, a task is due at the end of the working day. */
export const DEFAULT_DUE_TIME = '17:00';

export function emptyTaskForm(preset: 'task' | 'maintenance' = 'task'): TaskFormInput {
  return {
    title: '',
    description: '',
    type: preset === 'maintenance' ? 'maintenance' : 'cleaning',
    priority: 'medium',
    unit_id: null,
    booking_id: null,
    vendor_id: null,
    assignee_id: null,
    due_date: '',
    due_time: '',
    recurrence: 'none',
    checklist: [],
  };
}

/** The row to insert or update; the due date and time are read in the organisation's time zone. */
export function toTaskPayload(values: TaskFormValues, timeZone: string): TablesInsert<'tasks'> {
  return {
    title: values.title,
    description: values.description,
    type: values.type,
    priority: values.priority,
    unit_id: values.unit_id,
    booking_id: values.booking_id,
    vendor_id: values.vendor_id,
    assignee_id: values.assignee_id,
    due_at: values.due_date ? zonedDateTimeToIso(values.due_date, values.due_time || DEFAULT_DUE_TIME, timeZone) : null,
    recurrence: values.recurrence === 'none' ? null : values.recurrence,
    checklist: values.checklist.map((item) => ({ label: item.label, done: item.done })),
  };
}

/**
 * The form's values for an existing task (the inverse of toTaskPayload). Title and description
 * are shown as the reader sees them on the board: a generated task's Arabic text for an Arabic
 * reader. Saving that text back unchanged keeps the stored English/Arabic pair (the database
 * treats it as no edit, tasks_localized_text); typing new words replaces both.
 */
export function toTaskForm(
  task: Task,
  toLocal: (iso: string) => { date: string; time: string },
  language = 'en',
): TaskFormInput {
  const due = task.due_at ? toLocal(task.due_at) : { date: '', time: '' };
  return {
    title: localized(language, task.title, task.title_ar),
    description: localized(language, task.description, task.description_ar) ?? '',
    type: task.type,
    priority: task.priority,
    unit_id: task.unit_id,
    booking_id: task.booking_id,
    vendor_id: task.vendor_id,
    assignee_id: task.assignee_id,
    due_date: due.date,
    due_time: due.time,
    recurrence: task.recurrence ?? 'none',
    checklist: parseChecklist(task.checklist),
  };
}

/** The checklist column is JSON; anything that is not a well-formed item is left out. */
export function parseChecklist(value: unknown): ChecklistItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = checklistItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Filters of the board and list, kept in the URL (`?type=repair&due=overdue`). */
export const DUE_FILTERS = ['all', 'overdue', 'today', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const TASK_VIEWS = ['board', 'list'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** The board's and list's filters, read from the URL by lib/use-task-filters.ts. */
export interface TaskFilters {
  view: TaskView;
  type: 'all' | TaskType;
  priority: 'all' | TaskPriority;
  status: 'all' | TaskStatus;
  /** 'all' or a unit id. */
  unit: string;
  /** 'all', 'me', 'unassigned', 'user:<uuid>' or 'vendor:<uuid>'. */
  assignee: string;
  due: DueFilter;
  page: number;
}
export const TASKS_PAGE_SIZE = 25;
/** The board shows this many cards per column; the list pages through the rest. */
export const BOARD_LIMIT = 100;
