/** The sample data's texts (docs/product/sample-data.md). */
export const SAMPLE_DATA_TEXTS = {
  add: 'Add sample data',
  adding: 'Adding sample data…',
  offer:
    'New here? Add a small sample site, about thirty assets with their history, files and schedules, to see how it all works. It can be removed again in one step.',
  addFailed: 'The sample data could not be added.',
  added: (assets: number) => `Sample data added: ${assets} assets with their history, files and schedules.`,
  notice: (assets: number) =>
    `This organization holds sample data: ${assets === 1 ? '1 sample asset' : `${assets} sample assets`} with their history and schedules.`,
  noticeLabel: 'Sample data',
  remove: 'Remove sample data',
  removing: 'Removing…',
  removeTitle: 'Remove sample data?',
  removeText:
    'The sample assets, their history, files and schedules, and the sample fields no one else uses are deleted. Anything you added or changed stays.',
  removeFailed: 'The sample data could not be removed.',
  removed: (removed: number, kept: number) =>
    `Sample data removed: ${removed === 1 ? '1 asset' : `${removed} assets`}.${
      kept > 0
        ? ` ${kept === 1 ? '1 sample asset you changed was' : `${kept} sample assets you changed were`} kept.`
        : ''
    }`,
  cancel: 'Cancel',
} as const;
