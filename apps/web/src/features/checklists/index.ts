/**
 * What the checklists feature offers the others (ADR 022, 136): the requests the offline outbox sends
 * later (a step's answer, a cleared step, a follow-up task, a step's file) and the query keys of the
 * kept copies. The screens are composed in app/ (the route table, app/routes/task-checklist-page.tsx).
 */
export { answerBody, answerStep, clearStep } from './api/answer-step.ts';
export { checklistKeys } from './api/checklist-keys.ts';
export { openFollowUp } from './api/open-follow-up.ts';
export { uploadStepFile } from './api/upload-step-file.ts';
export { ChecklistChoiceField } from './components/checklist-choice-field.tsx';
