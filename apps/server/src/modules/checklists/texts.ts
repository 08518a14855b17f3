// The words checklists write in their reader's language (ADRs 111, 119): the follow-up task's title and
// notes (its maker's language) and the completion report (the language of who downloads it).

export const FOLLOW_UP_TEXTS = {
  title: /*i18n*/ { id: 'checklist.followUp.title', message: 'Follow-up: {step}' },
  notes: /*i18n*/ {
    id: 'checklist.followUp.notes',
    message: 'Opened from the checklist “{checklist}” of the task “{task}”: step “{step}” answered {answer}.',
  },
  notesUnanswered: /*i18n*/ {
    id: 'checklist.followUp.notesUnanswered',
    message: 'Opened from the checklist “{checklist}” of the task “{task}”: step “{step}”.',
  },
} as const;

/** An answer in words (the report's value column, a follow-up's notes). */
export const ANSWER_TEXTS = {
  pass: /*i18n*/ { id: 'checklist.answer.pass', message: 'Passed' },
  fail: /*i18n*/ { id: 'checklist.answer.fail', message: 'Failed' },
  na: /*i18n*/ { id: 'checklist.answer.na', message: 'Not applicable' },
  photo: /*i18n*/ { id: 'checklist.answer.photo', message: 'a photo' },
  signature: /*i18n*/ { id: 'checklist.answer.signature', message: 'a signature' },
  empty: /*i18n*/ { id: 'checklist.answer.empty', message: 'Not done' },
  rangeBetween: /*i18n*/ { id: 'checklist.answer.rangeBetween', message: '{min} to {max}' },
  rangeAtLeast: /*i18n*/ { id: 'checklist.answer.rangeAtLeast', message: 'at least {min}' },
  rangeAtMost: /*i18n*/ { id: 'checklist.answer.rangeAtMost', message: 'at most {max}' },
} as const;

/** The completion report's own words (ADR 135). */
export const REPORT_TEXTS = {
  title: /*i18n*/ { id: 'checklistReport.title', message: 'Checklist report' },
  asset: /*i18n*/ { id: 'checklistReport.asset', message: 'Asset' },
  task: /*i18n*/ { id: 'checklistReport.task', message: 'Task' },
  checklist: /*i18n*/ { id: 'checklistReport.checklist', message: 'Checklist' },
  version: /*i18n*/ { id: 'checklistReport.version', message: 'version {version}' },
  status: /*i18n*/ { id: 'checklistReport.status', message: 'Status' },
  completed: /*i18n*/ { id: 'checklistReport.completed', message: 'Completed {date} by {person}' },
  notCompleted: /*i18n*/ { id: 'checklistReport.notCompleted', message: 'Not completed yet' },
  summary: /*i18n*/ {
    id: 'checklistReport.summary',
    message:
      '{done} of {total} steps done: {passed} passed, {flagged, plural, one {# flagged} other {# flagged}}, {na} not applicable',
  },
  passed: /*i18n*/ { id: 'checklistReport.passed', message: 'Inspection passed' },
  problems: /*i18n*/ {
    id: 'checklistReport.problems',
    message: '{flagged, plural, one {# step needs attention} other {# steps need attention}}',
  },
  step: /*i18n*/ { id: 'checklistReport.step', message: 'Step' },
  answer: /*i18n*/ { id: 'checklistReport.answer', message: 'Answer' },
  doneBy: /*i18n*/ { id: 'checklistReport.doneBy', message: 'Done by' },
  required: /*i18n*/ { id: 'checklistReport.required', message: 'required' },
  flagged: /*i18n*/ { id: 'checklistReport.flagged', message: 'Needs attention' },
  followUp: /*i18n*/ { id: 'checklistReport.followUp', message: 'Follow-up task: {title}' },
  imageMissing: /*i18n*/ { id: 'checklistReport.imageMissing', message: '(the image could not be read)' },
  generated: /*i18n*/ { id: 'checklistReport.generated', message: 'Made {date}' },
  page: /*i18n*/ { id: 'checklistReport.page', message: 'Page {page} of {pages}' },
} as const;
