import { msg } from '@lingui/core/macro';

/** The shell's words: the header, its navigation and the user's menu (docs/product/overview.md#shell). */
export const SHELL_TEXTS = {
  skipToMain: msg`Skip to main content`,
  menu: msg`Menu`,
  mainNavigation: msg`Main`,
  logIn: msg`Log in`,
  manageAccount: msg`Manage Your Account`,
  darkMode: msg`Dark Mode`,
  currentlyEnabled: msg`Currently enabled`,
  currentlyDisabled: msg`Currently disabled`,
  signOut: msg`Sign Out`,
  signOutHint: msg`End your current session`,
  contactSupport: msg`Contact Support`,
};

/** The navigation's links, by path. */
export const NAV_TEXTS = {
  home: msg`Home`,
  scan: msg`Scan QR`,
  dashboard: msg`Dashboard`,
  assets: msg`Assets`,
  locations: msg`Locations`,
  requests: msg`Requests`,
  calendar: msg`Calendar`,
  activity: msg`Activity`,
  adminUsers: msg`Admin Users`,
  adminFields: msg`Admin Fields`,
  checklists: msg`Checklists`,
  organizations: msg`Organizations`,
};

/** The router's own screens: a screen loading, a screen that failed (app/route-error.tsx). */
export const ROUTE_TEXTS = {
  loading: msg`Loading...`,
  failedTitle: msg`Something went wrong`,
  failed: msg`This page could not be displayed.`,
  /** `detail` is the HTTP status and its text, e.g. "404 Not Found". */
  failedWithDetail: (detail: string) => msg`This page could not be displayed. (${detail})`,
  /** <0> reloads the page, <1> opens the home page. */
  reloadOrHome: msg`<0>Reload the page</0> or <1>go to the home page</1>.`,
};
