import { useQueryClient } from '@tanstack/react-query';

/** react-query keys of the checklists: the templates (list, one, the forms' choices) and a task's checklist. */
export const checklistKeys = {
  all: ['checklists'] as const,
  templates: () => [...checklistKeys.all, 'templates'] as const,
  list: (q: string, page: number, archived: boolean) =>
    [...checklistKeys.templates(), 'list', { q, page, archived }] as const,
  template: (id: string) => [...checklistKeys.templates(), 'one', id] as const,
  choices: () => [...checklistKeys.templates(), 'choices'] as const,
  /** Every task's checklist (the kept copies keep the ones opened last, ADR 090). */
  tasks: () => [...checklistKeys.all, 'task'] as const,
  task: (eventId: string) => [...checklistKeys.tasks(), eventId] as const,
};

/** After a template changes: the list, the template and the forms' choices read again. */
export function useReloadTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checklistKeys.templates() });
}
