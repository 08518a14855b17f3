import { msg } from '@lingui/core/macro';

/** The home page's words (translated, docs/translating.md). */
export const HOME_TEXTS = {
  heading: msg`Maintenance history at a glance`,
  lead: msg`Track assets, log maintenance events, and deliver read-only history over QR codes.`,
  viewAssets: msg`View assets`,
  scan: msg`Scan QR`,
  features: [
    {
      title: msg`Manage assets`,
      text: msg`Keep every asset with its details, custom fields and printable QR code in one place.`,
    },
    {
      title: msg`Capture maintenance`,
      text: msg`Log maintenance events with notes and files, and move tasks from pending to completed.`,
    },
    {
      title: msg`Share safely`,
      text: msg`Anyone who scans a code sees a read-only history page, without signing in.`,
    },
  ],
};
