import { msg, plural } from '@lingui/core/macro';

/** The sample data's texts (docs/product/sample-data.md; translated, docs/translating.md). */
export const SAMPLE_DATA_TEXTS = {
  add: msg`Add sample data`,
  adding: msg`Adding sample data…`,
  offer: msg`New here? Add a small sample site, about thirty assets with their history, files and schedules, to see how it all works. It can be removed again in one step.`,
  addFailed: msg`The sample data could not be added.`,
  notice: (assets: number) =>
    msg`This organization holds sample data: ${plural(assets, { one: '# sample asset', other: '# sample assets' })} with their history and schedules.`,
  noticeLabel: msg`Sample data`,
  remove: msg`Remove sample data`,
  removing: msg`Removing…`,
  removeTitle: msg`Remove sample data?`,
  removeText: msg`The sample assets, their history, files and schedules, and the sample fields no one else uses are deleted. Anything you added or changed stays.`,
  removeFailed: msg`The sample data could not be removed.`,
  removed: (removed: number, kept: number) =>
    kept > 0
      ? msg`Sample data removed: ${plural(removed, { one: '# asset', other: '# assets' })}. ${plural(kept, { one: '# sample asset you changed was kept.', other: '# sample assets you changed were kept.' })}`
      : msg`Sample data removed: ${plural(removed, { one: '# asset', other: '# assets' })}.`,
  cancel: msg`Cancel`,
};
