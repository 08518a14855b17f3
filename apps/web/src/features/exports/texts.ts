import { msg } from '@lingui/core/macro';

/** The CSV exports' words (docs/product/assets.md#export-to-csv), translated (docs/translating.md). */
export const EXPORT_TEXTS = {
  export: msg`Export`,
  preparing: msg`Preparing…`,
  title: msg`Export to CSV`,
  assetsHeading: msg`Assets`,
  assetsAll: msg`Every asset of the organization, with a column for each custom field.`,
  assetsSearch: (search: string) =>
    msg`The assets that match “${search}”, with a column for each custom field.`,
  assetsView: msg`The assets the list shows with its filters, in its order, with a column for each custom field.`,
  assetsButton: msg`Download assets`,
  historyHeading: msg`Maintenance history`,
  historyText: msg`The events performed between these days (both included), oldest first.`,
  from: msg`From`,
  to: msg`To`,
  historyButton: msg`Download history`,
  schedulesHeading: msg`Schedules`,
  schedulesText: msg`Every schedule of the organization: its asset, recurrence, next due date and assignee (by email). The import of schedules reads it back.`,
  schedulesButton: msg`Download schedules`,
  badRange: msg`Choose a From and a To day, To not before From.`,
  failed: msg`The export could not be downloaded.`,
};
