import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import type { TFieldDataType } from '@mqr/contracts';
import { formatCalendarDate, formatNumber } from '#web/lib/dates.ts';
import { FIELD_TEXTS } from '../texts.ts';

const BOOLEANS: Record<string, MessageDescriptor> = { true: FIELD_TEXTS.yes, false: FIELD_TEXTS.no };

/**
 * A stored custom value as the reader reads it (ADR 118): a Boolean as Yes or No, a Date as a medium
 * date and a Number with the language's separators (as many decimals as stored), in the active
 * language. Text, Select and a value that is not what its type stores stay as they are.
 */
export function fieldValueText(dataType: TFieldDataType | undefined, value: string): string {
  if (dataType === 'Boolean') {
    const answer = BOOLEANS[value];
    return answer ? i18n._(answer) : value;
  }
  if (dataType === 'Date') return formatCalendarDate(value.slice(0, 10)) || value;
  // A value whose type is not known (from an older server, or kept offline before values carried it):
  // a date-time shows its day as stored.
  if (dataType === undefined && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  if (dataType === 'Number' && /^-?\d+(\.\d+)?$/.test(value)) {
    const decimals = Math.min(value.split('.')[1]?.length ?? 0, 20);
    return formatNumber(Number(value), decimals);
  }
  return value;
}
