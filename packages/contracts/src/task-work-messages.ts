import { englishMessages, said } from './messages.ts';
// No zod here: the web reads the priorities and money helpers without the schemas (ADR 032).

/**
 * A task's priority (ADR 131), lowest first: stored as its index (0..3), so "most urgent first" is a
 * plain descending sort on an indexed small integer.
 */
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TTaskPriority = 'normal';

/** The stored rank of a priority (low 0 .. urgent 3). */
export const priorityRank = (priority: TTaskPriority): number => TASK_PRIORITIES.indexOf(priority);
/** The priority of a stored rank; an unknown rank reads as normal. */
export const priorityOfRank = (rank: number): TTaskPriority => TASK_PRIORITIES[rank] ?? DEFAULT_TASK_PRIORITY;

/** Time entries one completion may carry (one per person). */
export const TASK_TIME_ENTRIES_MAX = 20;
/** Minutes one person's entry may hold: a week of work. */
export const TASK_MINUTES_MAX = 7 * 24 * 60;
/** Cost lines one completion may carry. */
export const TASK_COST_LINES_MAX = 50;
export const COST_DESCRIPTION_MAX_LENGTH = 200;
/** The largest quantity of a cost line (three decimals kept). */
export const COST_QUANTITY_MAX = 1_000_000;
/** The largest unit cost, in minor units (ten million in a two-decimal currency). */
export const COST_UNIT_MINOR_MAX = 1_000_000_000;

/** An organization's currency until an administrator chooses another (ISO 4217). */
export const DEFAULT_CURRENCY = 'EUR';

/** Whether `code` is an ISO 4217 currency code this runtime knows (three letters, upper case). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
  return known ? known.includes(code) : true;
}

/** How many decimals the currency's minor unit has (EUR 2, JPY 0, BHD 3). */
export function currencyDecimals(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** The total of a cost line in minor units: quantity × unit cost, rounded half away from zero. */
export const lineTotalMinor = (quantity: number, unitCostMinor: number): number =>
  Math.round(quantity * unitCostMinor);

export const TASK_WORK_MESSAGES = {
  ...englishMessages({
    priorityInvalid: /*i18n*/ {
      id: 'task.priorityInvalid',
      message: 'Priority must be one of low, normal, high or urgent.',
    },
    minutesInvalid: said(
      /*i18n*/ {
        id: 'task.minutesInvalid',
        message: 'Time spent must be a whole number of minutes from 0 to {taskMinutesMax}.',
      },
      { taskMinutesMax: TASK_MINUTES_MAX },
    ),
    tooManyTimeEntries: said(
      /*i18n*/ {
        id: 'task.tooManyTimeEntries',
        message: 'At most {taskTimeEntriesMax} people can log time.',
      },
      { taskTimeEntriesMax: TASK_TIME_ENTRIES_MAX },
    ),
    duplicatePerson: /*i18n*/ {
      id: 'task.duplicatePerson',
      message: 'Each person’s time is entered once.',
    },
    personUnknown: /*i18n*/ {
      id: 'task.personUnknown',
      message: 'Time can only be logged for an active member of your organization.',
    },
    costDescriptionRequired: /*i18n*/ {
      id: 'task.costDescriptionRequired',
      message: 'A cost line needs a description.',
    },
    costDescriptionTooLong: said(
      /*i18n*/ {
        id: 'task.costDescriptionTooLong',
        message: 'A cost description must be at most {costDescriptionMaxLength} characters.',
      },
      { costDescriptionMaxLength: COST_DESCRIPTION_MAX_LENGTH },
    ),
    quantityInvalid: said(
      /*i18n*/ {
        id: 'task.quantityInvalid',
        message: 'Quantity must be a number from 0 to {costQuantityMax}, with at most three decimals.',
      },
      { costQuantityMax: COST_QUANTITY_MAX },
    ),
    unitCostInvalid: said(
      /*i18n*/ {
        id: 'task.unitCostInvalid',
        message: 'Unit cost must be a whole number of minor units (cents) from 0 to {costUnitMinorMax}.',
      },
      { costUnitMinorMax: COST_UNIT_MINOR_MAX },
    ),
    tooManyCostLines: said(
      /*i18n*/ {
        id: 'task.tooManyCostLines',
        message: 'At most {taskCostLinesMax} cost lines can be entered.',
      },
      { taskCostLinesMax: TASK_COST_LINES_MAX },
    ),
    downtimeInvalid: /*i18n*/ { id: 'task.downtimeInvalid', message: 'Downtime must be a date and time.' },
    downtimeEndsBeforeStart: /*i18n*/ {
      id: 'task.downtimeEndsBeforeStart',
      message: 'Downtime cannot end before it starts.',
    },
    downtimeEndWithoutStart: /*i18n*/ {
      id: 'task.downtimeEndWithoutStart',
      message: 'Downtime needs a start when it has an end.',
    },
    downtimeInFuture: /*i18n*/ {
      id: 'task.downtimeInFuture',
      message: 'Downtime cannot start or end in the future.',
    },
    currencyInvalid: /*i18n*/ {
      id: 'organization.currencyInvalid',
      message: 'Choose a currency by its ISO 4217 code, such as EUR or USD.',
    },
  }),
} as const;
