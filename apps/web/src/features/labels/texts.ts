import { LABEL_MAX_ASSETS } from '@mqr/contracts';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The texts of the label dialog (docs/product/labels.md#print-labels-dialog). */
export const LABEL_TEXTS = {
  title: 'Print labels',
  layout: 'Label layout',
  layoutHint: 'The labels in your printer: an Avery sheet, or a label printer’s roll.',
  startPosition: 'Start at label',
  startHint: (perSheet: number) =>
    `To use a partly used sheet: the first free label, counted left to right, then top to bottom (1 to ${perSheet}).`,
  part: 'Assets to print',
  partOption: (from: number, to: number, total: number) =>
    `${count(from)} to ${count(to)} of ${count(total)}`,
  partHint: `A PDF holds at most ${count(LABEL_MAX_ASSETS)} labels: print the rest as further parts.`,
  field: 'Custom field to print',
  noField: 'None',
  fieldHint:
    'Printed as “Label: value” on each label whose asset has a value. Only public fields are offered: anyone can read a label.',
  fieldsFailed: 'Unable to load the custom fields: the labels can be printed without one.',
  logo: 'Include the organization’s logo',
  summary: (labels: number, perSheet: number, start: number) => {
    if (perSheet === 1)
      return `${plural(labels, 'label', 'labels')}, each on its own page for the label printer.`;
    const sheets = plural(Math.ceil((start - 1 + labels) / perSheet), 'sheet', 'sheets');
    const from = start === 1 ? '' : `, from label ${start} of the first`;
    return `${plural(labels, 'label', 'labels')} on ${sheets}${from}.`;
  },
  summaryMore: (labels: number) =>
    `More than ${plural(labels, 'label', 'labels')}: one for every asset the list shows, at most ${count(LABEL_MAX_ASSETS)}.`,
  printHint: 'Print the PDF at actual size (100 %, not “Fit to page”) so that the labels line up.',
  download: 'Download PDF',
  preparing: 'Preparing…',
  downloaded: 'The PDF is downloaded.',
  failed: 'The labels could not be made.',
} as const;
