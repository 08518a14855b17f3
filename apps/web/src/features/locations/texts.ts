import { msg, plural } from '@lingui/core/macro';

/** The location screens' words (docs/product/locations.md), translated (docs/translating.md). */
export const LOCATION_TEXTS = {
  title: msg`Locations`,
  documentTitle: (product: string) => msg`Locations · ${product}`,
  subtitle: msg`Sites, buildings, floors and rooms: where your assets are. Each location counts what is in it and below it.`,
  tree: msg`Locations`,
  loading: msg`Loading locations...`,
  failed: msg`Unable to load locations. Ensure the API is reachable.`,
  empty: msg`No locations yet.`,
  emptyAdmin: msg`No locations yet. Add a site, such as a plant or an office, then the buildings and rooms inside it.`,
  showMore: msg`Show more locations`,
  loadingMore: msg`Loading more locations...`,
  treeHint: msg`Arrow keys move through the tree, Right and Left open and close a location, Enter opens its page.`,
  dragHint: msg`Drag a location onto another to move it there, or use Move.`,

  // Counts, rolled up: everything in a location and below it.
  counts: msg`In this location and below it`,
  assets: (count: number) => msg`${plural(count, { one: '# asset', other: '# assets' })}`,
  openTasks: (count: number) => msg`${plural(count, { one: '# open task', other: '# open tasks' })}`,
  overdue: (count: number) => msg`${plural(count, { one: '# overdue', other: '# overdue' })}`,
  dueSoon: (count: number) => msg`${plural(count, { one: '# due soon', other: '# due soon' })}`,
  code: (code: string) => msg`Code ${code}`,

  // The selected location's actions.
  selected: (path: string) => msg`Selected: ${path}`,
  noneSelected: msg`Select a location in the tree to open, edit, move or delete it.`,
  actionsOf: (name: string) => msg`Actions on ${name}`,
  open: msg`Open`,
  // The label dialog of a location's own QR code.
  printLabels: msg`Print labels`,
  labelsOf: msg`Locations to print`,
  labelsOfTree: (name: string) => msg`${name} and every location inside it`,
  labelsOfOne: (name: string) => msg`Only ${name}`,
  add: msg`Add location`,
  addInside: msg`Add inside`,
  edit: msg`Edit`,
  move: msg`Move`,
  delete: msg`Delete`,
  cancel: msg`Cancel`,

  // The location form (add, edit).
  addTitle: msg`Add a location`,
  editTitle: (name: string) => msg`Edit ${name}`,
  name: msg`Name`,
  nameHint: msg`Without / or >: they separate the levels of a path.`,
  codeLabel: msg`Code`,
  codeHint: msg`Optional: a short code written on plans and doors, such as B2-014.`,
  address: msg`Address`,
  addressHint: msg`The site’s postal address.`,
  notes: msg`Notes`,
  parent: msg`Inside`,
  parentHint: msg`Type part of a location’s name or path. Leave empty for a site at the top.`,
  save: msg`Save`,
  saving: msg`Saving...`,
  create: msg`Add location`,
  creating: msg`Adding...`,
  saveFailed: msg`The location could not be saved.`,
  created: (name: string) => msg`${name} added.`,
  saved: (name: string) => msg`${name} saved.`,

  // Move.
  moveTitle: (name: string) => msg`Move ${name}`,
  moveText: msg`Its assets and every location below it move with it.`,
  newParent: msg`New place`,
  newParentHint: msg`Type part of a location’s name or path, or choose the top level.`,
  topLevel: msg`Top level (a site)`,
  chooseParent: msg`Choose where it goes.`,
  moving: msg`Moving…`,
  moveFailed: msg`The location could not be moved.`,
  moved: (name: string, to: string) => msg`${name} moved to ${to}.`,
  movedTop: (name: string) => msg`${name} moved to the top level.`,
  dropTop: msg`Drop here to move it to the top level`,

  // Delete.
  deleteTitle: (name: string) => msg`Delete ${name}?`,
  deleteEmpty: msg`It holds no assets and no locations.`,
  deleteHolds: (assets: number, locations: number) =>
    msg`It holds ${plural(assets, { one: '# asset', other: '# assets' })} and ${plural(locations, { one: '# location', other: '# locations' })} right inside it. Choose where they go: nothing is lost.`,
  destination: msg`Move its assets and locations to`,
  destinationHint: msg`A location outside the one you delete, or the top level: its locations become sites and its assets have no location.`,
  topAndNone: msg`Top level, and no location for its assets`,
  chooseDestination: msg`Choose where its assets and locations go.`,
  deleting: msg`Deleting...`,
  deleteFailed: msg`The location could not be deleted.`,
  deleted: (name: string) => msg`${name} deleted.`,

  // The picker.
  searching: msg`Searching...`,
  noMatch: msg`No location matches.`,
  /** The picker offline: it finds among the locations this device has seen (ADR 127). */
  noSeenMatch: msg`No location seen on this device matches.`,
  noneSeen: msg`Offline: no locations were kept on this device. Open this list once while online to keep them.`,
  typeToSearch: msg`Type part of a location’s name or path.`,
  noLocation: msg`No location`,
};

/** The words of a location's own page (/locations/{id}). */
export const LOCATION_PAGE_TEXTS = {
  loading: msg`Loading location...`,
  failed: msg`Unable to load location. It may have been deleted.`,
  breadcrumb: msg`Location path`,
  allLocations: msg`All locations`,
  details: msg`Location details`,
  children: msg`Locations inside`,
  noChildren: msg`No locations inside this one.`,
  selectChild: (name: string) => msg`Select ${name} for labels`,
  childrenSelected: (count: number) =>
    msg`${plural(count, { one: '# location selected', other: '# locations selected' })}`,
  printSelected: msg`Print their labels`,
  assetsTitle: msg`Assets here and below`,
  assetsEmpty: msg`No assets in this location or below it.`,
  directAssets: (count: number) =>
    msg`${plural(count, { one: '# asset right here', other: '# assets right here' })}`,
  qrTitle: msg`Location QR code`,
  printLabel: msg`Print label`,
  createAsset: msg`Create asset here`,
  openPublicPage: msg`Open public page`,
  publicOff: msg`Its public page is off: turn on public location pages in the organization’s settings to let visitors who scan it see its assets.`,
};
