export const EXPORT_TEXTS = {
  title: 'Export to CSV',
  assetsHeading: 'Assets',
  assetsAll: 'Every asset of the organization, with a column for each custom field.',
  assetsSearch: (search: string) => `The assets that match “${search}”, with a column for each custom field.`,
  assetsView:
    'The assets the list shows with its filters, in its order, with a column for each custom field.',
  assetsButton: 'Download assets',
  historyHeading: 'Maintenance history',
  historyText: 'The events performed between these days (both included), oldest first.',
  historyButton: 'Download history',
  schedulesHeading: 'Schedules',
  schedulesText:
    'Every schedule of the organization: its asset, recurrence, next due date and assignee (by email). The import of schedules reads it back.',
  schedulesButton: 'Download schedules',
  badRange: 'Choose a From and a To day, To not before From.',
  failed: 'The export could not be downloaded.',
} as const;
