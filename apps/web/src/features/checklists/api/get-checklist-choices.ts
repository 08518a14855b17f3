import { MAX_PAGE_SIZE, type TChecklistTemplateSummary } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { checklistKeys } from './checklist-keys.ts';
import { getChecklists } from './get-checklists.ts';

/**
 * The templates the schedule form and the new-task form offer: the first MAX_PAGE_SIZE by name (an
 * organization with more finds the rest by typing, see ChecklistChoiceField), read once a minute at
 * most.
 */
export function useChecklistChoices(q = '') {
  return useQuery({
    queryKey: [...checklistKeys.choices(), q.trim()],
    queryFn: async ({ signal }): Promise<{ items: TChecklistTemplateSummary[]; more: boolean }> => {
      const page = await getChecklists({ q, page: 1, pageSize: MAX_PAGE_SIZE }, signal);
      return { items: page.items, more: page.total > page.items.length || page.totalCapped };
    },
    staleTime: 60_000,
  });
}
