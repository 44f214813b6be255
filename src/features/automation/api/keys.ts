import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Automation, broad to narrow (STYLE 3). */
export const automationKeys = {
  all: queryRoots.automation,
  rules: () => [...automationKeys.all, 'rules'] as const,
  failures: () => [...automationKeys.all, 'failures'] as const,
  runs: () => [...automationKeys.all, 'runs'] as const,
  taskTemplates: () => [...automationKeys.all, 'task-templates'] as const,
  choices: () => [...automationKeys.all, 'choices'] as const,
};
