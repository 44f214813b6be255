import type { TaskListItem } from '../api/get-tasks';
import { parseChecklist } from '../schemas';
import { localized } from '@/lib/localized';

/** Open work past its due time. */
export function isOverdue(task: { status: string; due_at: string | null }, now = Date.now()): boolean {
  return (
    (task.status === 'pending' || task.status === 'in_progress') &&
    task.due_at !== null &&
    Date.parse(task.due_at) < now
  );
}

/** "3 of 5 checked", or null without a checklist. */
export function checklistProgress(checklist: unknown): { done: number; total: number } | null {
  const items = parseChecklist(checklist);
  return items.length === 0 ? null : { done: items.filter((item) => item.done).length, total: items.length };
}

/** Who the task is with: the staff member and/or the vendor, in the reader's language. */
export function assigneeNames(
  task: Pick<TaskListItem, 'assignee' | 'organization_vendor'>,
  language: string,
): string[] {
  const vendor = task.organization_vendor?.vendor;
  return [task.assignee?.full_name ?? null, vendor ? localized(language, vendor.name, vendor.name_ar) : null].filter(
    (name): name is string => Boolean(name),
  );
}

/** A maps link for a place: coordinates when known, the address otherwise. */
export function mapUrl(place: {
  latitude: number | null;
  longitude: number | null;
  address: string | null;
}): string | null {
  if (place.latitude !== null && place.longitude !== null) {
    return `https://www.google.com/maps/search/?api=1&query=${place.latitude},${place.longitude}`;
  }
  return place.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.address)}` : null;
}
