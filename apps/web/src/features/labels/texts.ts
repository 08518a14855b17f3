import { msg, plural } from '@lingui/core/macro';

/** The texts of the label dialog (docs/product/labels.md#print-labels-dialog), translated (docs/translating.md). */
export const LABEL_TEXTS = {
  title: msg`Print labels`,
  layout: msg`Label layout`,
  layoutHint: msg`The labels in your printer: an Avery sheet, or a label printer’s roll.`,
  startPosition: msg`Start at label`,
  startHint: (perSheet: number) =>
    msg`To use a partly used sheet: the first free label, counted left to right, then top to bottom (1 to ${perSheet}).`,
  part: msg`Assets to print`,
  /** The numbers already written (formatNumber). */
  partOption: (from: string, to: string, total: string) => msg`${from} to ${to} of ${total}`,
  /** `max`: the most labels a PDF holds, written (formatNumber). */
  partHint: (max: string) => msg`A PDF holds at most ${max} labels: print the rest as further parts.`,
  field: msg`Custom field to print`,
  noField: msg`None`,
  fieldHint: msg`Printed as “Label: value” on each label whose asset has a value. Only public fields are offered: anyone can read a label.`,
  fieldsFailed: msg`Unable to load the custom fields: the labels can be printed without one.`,
  logo: msg`Include the organization’s logo`,
  summary: (labels: number, perSheet: number, start: number) => {
    if (perSheet === 1) {
      return msg`${plural(labels, { one: '# label, each on its own page for the label printer.', other: '# labels, each on its own page for the label printer.' })}`;
    }
    const sheets = Math.ceil((start - 1 + labels) / perSheet);
    return start === 1
      ? msg`${plural(labels, { one: '# label', other: '# labels' })} on ${plural(sheets, { one: '# sheet', other: '# sheets' })}.`
      : msg`${plural(labels, { one: '# label', other: '# labels' })} on ${plural(sheets, { one: '# sheet', other: '# sheets' })}, from label ${start} of the first.`;
  },
  /** `max`: the most labels a PDF holds, written (formatNumber). */
  summaryMore: (labels: number, max: string) =>
    msg`More than ${plural(labels, { one: '# label', other: '# labels' })}: one for every asset the list shows, at most ${max}.`,
  /** A location and every location inside it, not counted beforehand. `max`: written (formatNumber). */
  summaryTree: (max: string) =>
    msg`One label for the location and one for each location inside it, at most ${max}.`,
  printHint: msg`Print the PDF at actual size (100 %, not “Fit to page”) so that the labels line up.`,
  download: msg`Download PDF`,
  preparing: msg`Preparing…`,
  downloaded: msg`The PDF is downloaded.`,
  failed: msg`The labels could not be made.`,
};
