import { msg, plural } from '@lingui/core/macro';

/** The screens' words for meters (docs/product/meters.md): the asset page's card, its dialogs, the scan. */
export const METER_TEXTS = {
  cardTitle: msg`Meters`,
  addMeter: msg`Add meter`,
  empty: msg`No meters yet.`,
  emptyHint: msg`A meter counts running hours, kilometres, cycles or any unit: schedules can then fall due by use.`,
  loading: msg`Loading meters...`,
  loadFailed: msg`Unable to load the meters.`,
  offline: msg`The meters of this asset were not kept on this device. You can still record work on this asset.`,
  /** `value` with its unit and `date` are already formatted. */
  lastRead: (date: string) => msg`Read ${date}`,
  noReading: msg`No reading yet.`,
  /** `rate` is already formatted with its unit ("8 h"). */
  dailyRate: (rate: string) => msg`About ${rate} a day`,
  readingCount: (count: number) => msg`${plural(count, { one: '# reading', other: '# readings' })}`,
  addReading: msg`Add reading`,
  readings: msg`Readings`,
  edit: msg`Edit`,
  delete: msg`Delete`,
  /** The chart's name: `from` and `to` are formatted readings with their dates. */
  chartLabel: (name: string, count: number, from: string, to: string) =>
    msg`${name}: ${plural(count, { one: 'one reading', other: 'the last # readings' })}, from ${from} to ${to}.`,
  /** `value` with its unit and `date`, already formatted. */
  valueOn: (value: string, date: string) => msg`${value} on ${date}`,
  replacedMark: msg`Meter replaced`,

  // The reading form.
  readingTitle: (name: string) => msg`New reading of ${name}`,
  value: (unit: string) => msg`Reading (${unit})`,
  /** `last` is already formatted with its unit. */
  valueHint: (last: string) => msg`The last reading was ${last}.`,
  valueInvalid: msg`Enter the reading as a number from 0.`,
  readAt: msg`Read at`,
  readAtHint: msg`When the meter was read: now unless you change it.`,
  readAtInvalid: msg`Enter a date and time.`,
  note: msg`Note (optional)`,
  replacement: msg`The meter was replaced or reset`,
  replacementHint: msg`The reading may then be lower than the last one; no use is counted between the two.`,
  confirmTitle: msg`Is this reading right?`,
  confirm: msg`Yes, save it`,
  save: msg`Save reading`,
  saving: msg`Saving...`,
  cancel: msg`Cancel`,
  saveFailed: msg`Unable to save the reading.`,
  /** After a reading: what it made due (schedule titles, listed). */
  dueNow: (titles: string) => msg`Due now by use: ${titles}.`,
  /** "Whichever comes last": the use is reached, the calendar date still to come (already formatted). */
  dueOn: (title: string, date: string) => msg`${title}: its use is reached, due on ${date}.`,
  saved: (value: string) => msg`Reading of ${value} saved.`,
  queued: msg`Saved on this device. The reading will be sent when the connection returns.`,

  // The meter form.
  addTitle: msg`Add meter`,
  editTitle: msg`Edit meter`,
  name: msg`Name`,
  nameHint: msg`Such as Running hours, Odometer or Press strokes.`,
  unit: msg`Unit`,
  unitHint: msg`Such as h, km, mi or cycles: readings are shown with it.`,
  saveMeter: msg`Save meter`,
  saveMeterFailed: msg`Unable to save the meter.`,
  deleteTitle: msg`Delete this meter?`,
  deleteText: msg`Its readings are deleted with it. A meter that a schedule counts on cannot be deleted: change or delete the schedule first.`,
  deleting: msg`Deleting...`,
  deleteFailed: msg`Unable to delete the meter.`,

  // The readings' history.
  historyTitle: (name: string) => msg`Readings of ${name}`,
  historyTable: msg`Readings`,
  historyEmpty: msg`No reading yet.`,
  historyLoading: msg`Loading readings...`,
  historyFailed: msg`Unable to load the readings.`,
  valueHeader: msg`Reading`,
  readAtHeader: msg`Read at`,
  byHeader: msg`By`,
  noteHeader: msg`Note`,
  actionsHeader: msg`Actions`,
  deleteReading: msg`Delete`,
  deleteReadingLabel: (value: string) => msg`Delete the reading ${value}`,
  confirmDeleteReading: msg`Delete this reading? The reading before it becomes the meter’s last.`,
  deleteReadingFailed: msg`Unable to delete the reading.`,
  close: msg`Close`,

  // The completion of a task.
  taskReadings: msg`Meter readings`,
  taskReadingsHint: msg`Optional: what the meters show now. Each is saved with the task.`,
  confirmTaskReading: msg`This reading is right`,

  // A scanned asset, for its own staff.
  scannedTitle: msg`For staff`,
  openAsset: msg`Open the asset’s page`,
  scannedNoMeters: msg`This asset has no meters.`,
};
