/**
 * The checklists' shapes as the screens use them (issue 36 §1, /work/notes/checklist-contract.md).
 * TEMPORARY: replaced by packages/contracts/src/checklists.ts once the server's branch has it.
 */
export const STEP_KINDS = ['check', 'number', 'text', 'choice', 'photo', 'signature'] as const;
export type TStepKind = (typeof STEP_KINDS)[number];

export const CHECKLIST_LIMITS = {
  nameMax: 200,
  labelMax: 200,
  unitMax: 20,
  optionsMin: 2,
  optionsMax: 20,
  stepsMax: 100,
  textMax: 2000,
} as const;

export type TChecklistStep = {
  key: string;
  kind: TStepKind;
  label: string;
  required: boolean;
  unit?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  options?: string[] | undefined;
};

export type TChecklistTemplateBody = { name: string; steps: TChecklistStep[] };

export type TStepOutcome = 'pass' | 'fail' | 'na';

export type TStepFile = { id: string; fileName: string; contentType: string; publicUrl: string };

export type TStepResponse = {
  stepKey: string;
  outcome: TStepOutcome | null;
  numberValue: number | null;
  textValue: string | null;
  file: TStepFile | null;
  flagged: boolean;
  doneBy: { id: string; name: string } | null;
  doneAt: string;
};

export type TChecklistSummary = {
  total: number;
  done: number;
  passed: number;
  failed: number;
  na: number;
  flagged: number;
};

export type TEventChecklist = {
  templateId: string;
  name: string;
  version: number;
  steps: TChecklistStep[];
  responses: TStepResponse[];
  summary: TChecklistSummary;
};
