import { z } from 'zod';
import { localDate } from './due-dates.ts';
import { instant, storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';
import { withinCountedRows, ZPageQuery } from './paging.ts';

// Meters and their readings (docs/product/meters.md, ADR 137).

export const METER_NAME_MAX_LENGTH = 100;
export const METER_UNIT_MAX_LENGTH = 20;
/** Meters one asset may have. */
export const METERS_PER_ASSET_MAX = 20;
/** The largest reading a meter takes (and the largest "every N" of a usage trigger). */
export const METER_VALUE_MAX = 999_999_999_999;
export const METER_READING_NOTE_MAX_LENGTH = 500;
/** Readings the asset page's chart shows of each meter: the latest ones. */
export const METER_CHART_POINTS = 60;
/**
 * The implausible-jump rule (ADR 137): a reading that adds more than this many times the meter's
 * average daily use over the days since the last reading (at least one day) asks to be confirmed.
 */
export const METER_JUMP_FACTOR = 10;
/** The average daily use weighs the readings of about this many days (its time constant, ADR 137). */
export const METER_RATE_DAYS = 30;
/** Units the meter form offers (any other text is a unit too). */
export const METER_UNIT_SUGGESTIONS = ['h', 'km', 'mi', 'cycles', 'kWh', 'm³'] as const;

/** How a usage trigger and a calendar backstop combine (ADR 138). */
export const USAGE_COMBINES = ['first', 'last'] as const;
export type TUsageCombine = (typeof USAGE_COMBINES)[number];

/** The meters' messages with values, as the server sends them (ADR 113). */
export const METER_SAID = {
  backwards: (last: number, unit: string) =>
    said(
      /*i18n*/ {
        id: 'meter.backwards',
        message:
          'A reading cannot be lower than the last one ({last, number} {unit}). If the meter was replaced or reset, mark the reading as a meter replacement.',
      },
      { last, unit },
    ),
  aboveNext: (next: number, unit: string) =>
    said(
      /*i18n*/ {
        id: 'meter.aboveNext',
        message: 'A reading cannot be higher than the one taken after it ({next, number} {unit}).',
      },
      { next, unit },
    ),
  implausible: (added: number, unit: string, days: number, rate: number) =>
    said(
      /*i18n*/ {
        id: 'meter.implausible',
        message:
          'This reading adds {added, number} {unit} in {days, plural, one {# day} other {# days}}, far more than the usual {rate, number} {unit} a day. Check it, then confirm it.',
      },
      { added, unit, days, rate },
    ),
  tooManyMeters: () =>
    said(
      /*i18n*/ {
        id: 'meter.tooMany',
        message: 'An asset can have at most {max} meters.',
      },
      { max: METERS_PER_ASSET_MAX },
    ),
  usedBySchedules: (count: number) =>
    said(
      /*i18n*/ {
        id: 'meter.usedBySchedules',
        message:
          '{count, plural, one {A schedule counts on this meter: change or delete it first.} other {# schedules count on this meter: change or delete them first.}}',
      },
      { count },
    ),
};

export const METER_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'meter.nameRequired', message: 'Name is required.' },
    nameTooLong: said(
      /*i18n*/ { id: 'meter.nameTooLong', message: 'Name must be at most {max} characters.' },
      { max: METER_NAME_MAX_LENGTH },
    ),
    unitRequired: /*i18n*/ {
      id: 'meter.unitRequired',
      message: 'Unit is required (such as h, km or cycles).',
    },
    unitTooLong: said(
      /*i18n*/ { id: 'meter.unitTooLong', message: 'Unit must be at most {max} characters.' },
      { max: METER_UNIT_MAX_LENGTH },
    ),
    nameTaken: /*i18n*/ {
      id: 'meter.nameTaken',
      message: 'This asset already has a meter with this name.',
    },
    value: said(
      /*i18n*/ {
        id: 'meter.value',
        message: 'Enter the reading as a number from 0 to {max, number}.',
      },
      { max: METER_VALUE_MAX },
    ),
    readAt: /*i18n*/ {
      id: 'meter.readAt',
      message: 'Enter when the meter was read as a date and time.',
    },
    readAtFuture: /*i18n*/ {
      id: 'meter.readAtFuture',
      message: 'A reading cannot be taken in the future.',
    },
    noteTooLong: said(
      /*i18n*/ { id: 'meter.noteTooLong', message: 'Note must be at most {max} characters.' },
      { max: METER_READING_NOTE_MAX_LENGTH },
    ),
    replacementNotLatest: /*i18n*/ {
      id: 'meter.replacementNotLatest',
      message: 'A meter replacement must be the latest reading: readings were taken after this time.',
    },
    eventUnknown: /*i18n*/ {
      id: 'meter.eventUnknown',
      message: 'The task must be one of this asset’s.',
    },
    assetRetired: /*i18n*/ {
      id: 'meter.assetRetired',
      message: 'This asset is retired: its meters take no readings.',
    },
    usageEvery: said(
      /*i18n*/ {
        id: 'meter.usageEvery',
        message: 'Enter how much use between two services, a number above 0 up to {max, number}.',
      },
      { max: METER_VALUE_MAX },
    ),
    usageFrom: said(
      /*i18n*/ {
        id: 'meter.usageFrom',
        message: 'Enter the reading to count from, a number from 0 to {max, number}.',
      },
      { max: METER_VALUE_MAX },
    ),
    usageMeter: /*i18n*/ {
      id: 'meter.usageMeter',
      message: 'Choose one of this asset’s meters.',
    },
    usageFixed: /*i18n*/ {
      id: 'meter.usageFixed',
      message:
        'A schedule with a usage trigger counts from its last completion: its calendar part cannot be a fixed calendar.',
    },
    usageOneAsset: /*i18n*/ {
      id: 'meter.usageOneAsset',
      message: 'A usage trigger counts on one asset’s meter: add it from that asset’s page.',
    },
    triggerRequired: /*i18n*/ {
      id: 'meter.triggerRequired',
      message: 'Choose when the schedule falls due: a calendar recurrence, a usage trigger, or both.',
    },
  }),
  backwards: inEnglish((last: number, unit: string) => METER_SAID.backwards(last, unit)),
  aboveNext: inEnglish((next: number, unit: string) => METER_SAID.aboveNext(next, unit)),
} as const;

const meterName = storableText({ message: METER_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: METER_MESSAGES.nameRequired })
  .max(METER_NAME_MAX_LENGTH, { message: METER_MESSAGES.nameTooLong });
const meterUnit = storableText({ message: METER_MESSAGES.unitRequired })
  .trim()
  .min(1, { message: METER_MESSAGES.unitRequired })
  .max(METER_UNIT_MAX_LENGTH, { message: METER_MESSAGES.unitTooLong });

/** POST /api/admin/assets/{id}/meters and PUT /api/admin/meters/{id}: a meter's name and unit. */
export const ZMeterBody = z.object({ name: meterName, unit: meterUnit });
export type TMeterBody = z.input<typeof ZMeterBody>;

/** A reading's number: finite, from 0 to METER_VALUE_MAX (a JSON number, never a string). */
export const meterValue = (message: string = METER_MESSAGES.value) =>
  z.number({ message }).finite({ message }).min(0, { message }).max(METER_VALUE_MAX, { message });

/**
 * POST /api/meters/{id}/readings: a reading of the meter. `readAt` is when the meter was read (now
 * when absent; a reading entered offline carries its time). `isReplacement` says the meter was
 * replaced or reset: the reading may be lower than the last one and counts no use since it.
 * `confirm` accepts a reading refused as an implausible jump (409 CONFIRM_REQUIRED). `eventId` is
 * the task it was read for (one of the asset's).
 */
export const ZMeterReadingBody = z.object({
  value: meterValue(),
  readAt: instant(METER_MESSAGES.readAt).nullish(),
  note: storableText()
    .trim()
    .max(METER_READING_NOTE_MAX_LENGTH, { message: METER_MESSAGES.noteTooLong })
    .nullish()
    .transform((note) => (note ? note : null)),
  isReplacement: z.boolean().default(false),
  confirm: z.boolean().default(false),
  eventId: z
    .string()
    .uuid({ message: METER_MESSAGES.eventUnknown })
    .nullish()
    .transform((id) => id ?? null),
});
export type TMeterReadingBody = z.input<typeof ZMeterReadingBody>;

/** A point of a meter's chart. */
export const ZMeterPoint = z.object({
  readAt: z.string(),
  value: z.number(),
  isReplacement: z.boolean(),
});
export type TMeterPoint = z.infer<typeof ZMeterPoint>;

export const ZMeter = z.object({
  id: z.string(),
  assetId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** The latest reading (by the time it was read); null before the first. */
  lastValue: z.number().nullable(),
  lastReadAt: z.string().nullable(),
  /** The average use per day (ADR 137); null until the readings span a day. */
  dailyRate: z.number().nullable(),
  readingCount: z.number().int(),
  /** The latest readings, oldest first (at most METER_CHART_POINTS): the chart. */
  series: z.array(ZMeterPoint),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMeter = z.infer<typeof ZMeter>;

export const ZMeterReading = z.object({
  id: z.string(),
  meterId: z.string(),
  value: z.number(),
  readAt: z.string(),
  note: z.string().nullable(),
  isReplacement: z.boolean(),
  /** The task it was read for, if any. */
  eventId: z.string().nullable(),
  recordedById: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TMeterReading = z.infer<typeof ZMeterReading>;

/** What a reading set off: a usage schedule it made due (ADR 138). */
export const ZUsageTriggered = z.object({
  scheduleId: z.string(),
  title: z.string(),
  /** The task created in the reading's transaction; null when a later calendar date holds it ("whichever last"). */
  taskId: z.string().nullable(),
  dueOn: z.string(),
});
export type TUsageTriggered = z.infer<typeof ZUsageTriggered>;

/** The answer to a reading: the reading, the meter after it, and the schedules it made due. */
export const ZMeterReadingResult = z.object({
  reading: ZMeterReading,
  meter: ZMeter,
  triggered: z.array(ZUsageTriggered),
});
export type TMeterReadingResult = z.infer<typeof ZMeterReadingResult>;

/** GET /api/meters?assetSlug=: the meters of the asset a scanned code names (the staff view of a scan). */
export const ZMetersBySlugQuery = z.object({ assetSlug: z.string().min(1).max(255) });
export const ZAssetMeters = z.object({
  assetId: z.string(),
  assetName: z.string(),
  /** Retired assets take no readings. */
  retired: z.boolean(),
  meters: z.array(ZMeter),
});
export type TAssetMeters = z.infer<typeof ZAssetMeters>;

/** GET /api/meters/{id}/readings: one page of readings, latest first. */
export const ZMeterReadingListQuery = ZPageQuery.refine(...withinCountedRows);
export type TMeterReadingListQuery = z.input<typeof ZMeterReadingListQuery>;

/**
 * A schedule's usage trigger (ADR 138): due every `every` units of the meter, counted from the
 * reading `from` (the meter's latest when absent). With a calendar recurrence too, `combine` says
 * whether the task is due at whichever of the two comes first or last.
 */
export const ZUsageTriggerInput = z.object({
  meterId: z.string().uuid({ message: METER_MESSAGES.usageMeter }),
  every: z
    .number({ message: METER_MESSAGES.usageEvery })
    .finite({ message: METER_MESSAGES.usageEvery })
    .positive({ message: METER_MESSAGES.usageEvery })
    .max(METER_VALUE_MAX, { message: METER_MESSAGES.usageEvery }),
  from: meterValue(METER_MESSAGES.usageFrom).nullish(),
  combine: z.enum(USAGE_COMBINES).default('first'),
});
export type TUsageTriggerInput = z.input<typeof ZUsageTriggerInput>;

/** A schedule's usage trigger as answered, with where it stands and when it is expected. */
export const ZUsageTrigger = z.object({
  meterId: z.string(),
  meterName: z.string(),
  unit: z.string(),
  every: z.number(),
  combine: z.enum(USAGE_COMBINES),
  /**
   * The reading the count runs from (the last completion's, or the one it started at); null while the
   * meter has no reading: the count starts at its first one.
   */
  from: z.number().nullable(),
  /** The reading at which the next task falls due; null while its task is open or once reached. */
  nextDueAt: z.number().nullable(),
  /** The meter's latest reading. */
  currentValue: z.number().nullable(),
  /** The date the meter is expected to reach nextDueAt at its average daily use; null without one. */
  projectedOn: z.string().nullable(),
  /** The calendar backstop's next due date (with a recurrence), reached or not. */
  backstopOn: z.string().nullable(),
  /** When the next task is expected, both parts combined: the projection, the backstop, or either. */
  expectedOn: z.string().nullable(),
});
export type TUsageTrigger = z.infer<typeof ZUsageTrigger>;

/** Projections reach this many days ahead at most; further is "not in sight" (null). */
export const METER_PROJECTION_MAX_DAYS = 36_500;

/**
 * The date, in `timeZone`, on which a meter read `lastUsage` at `lastReadAt` reaches `target` at
 * `dailyRate` a day (ADR 138): null without a rate, or further than METER_PROJECTION_MAX_DAYS; the
 * reading's own date once reached.
 */
export function projectedOn(
  target: number,
  lastUsage: number,
  lastReadAt: Date,
  dailyRate: number | null,
  timeZone: string,
): string | null {
  if (target <= lastUsage) return localDate(lastReadAt, timeZone);
  if (!dailyRate || dailyRate <= 0) return null;
  const days = (target - lastUsage) / dailyRate;
  if (days > METER_PROJECTION_MAX_DAYS) return null;
  return localDate(new Date(lastReadAt.getTime() + days * 86_400_000), timeZone);
}
