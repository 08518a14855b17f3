import { englishMessages, inEnglish, said } from './messages.ts';
// No zod here: the public page's bundle reads these without the schemas (ADR 032).

/** A location's name (one level of a path: "Boiler room"). */
export const LOCATION_NAME_MAX_LENGTH = 200;
/** A short code people write on plans and doors ("B2-014"). */
export const LOCATION_CODE_MAX_LENGTH = 50;
/** A site's postal address. */
export const LOCATION_ADDRESS_MAX_LENGTH = 500;
export const LOCATION_NOTES_MAX_LENGTH = 2000;
/**
 * Locations nest this many levels at most (site, building, floor, room, cabinet... with room to
 * spare): a deeper tree is a mistake of an import file, never a place, and its full path must stay
 * a readable line.
 */
export const LOCATION_MAX_DEPTH = 16;
/** A location path as text (the import's column, POST .../locations/paths): its levels with their separators. */
export const LOCATION_PATH_MAX_LENGTH = LOCATION_MAX_DEPTH * (LOCATION_NAME_MAX_LENGTH + 3);
/** How a full path is written: the names of its levels from the top, joined by this. */
export const LOCATION_PATH_SEPARATOR = ' / ';
/** The characters that separate a path's levels when people write one ("Plant A > Room 5" too). */
export const LOCATION_PATH_SEPARATORS = ['/', '>'] as const;
/** The type-ahead's answers at most (GET /api/locations/search). */
export const LOCATION_SEARCH_MAX_RESULTS = 50;
export const LOCATION_SEARCH_MAX_LENGTH = 200;
/** Components of one asset nest this many levels at most (a pump, its motor, its bearing...). */
export const ASSET_COMPONENT_MAX_DEPTH = 10;
/** The public page of a location lists this many of its assets at most (names and due states). */
export const PUBLIC_LOCATION_ASSETS_MAX = 200;

/** Location messages with values, as the server sends them (ADR 113). */
export const LOCATION_SAID = {
  /** A location path deeper than LOCATION_MAX_DEPTH (`levels`: how many it has). */
  pathTooDeep: (levels: number) =>
    said(
      /*i18n*/ {
        id: 'location.pathTooDeep',
        message:
          'This path has {levels, number} levels: locations nest at most {locationMaxDepth} levels deep.',
      },
      { levels, locationMaxDepth: LOCATION_MAX_DEPTH },
    ),
  /** Deleting a location that holds assets or locations without saying where they go. */
  destinationRequired: (assets: number, locations: number) =>
    said(
      /*i18n*/ {
        id: 'location.destinationRequired',
        message:
          'This location holds {assets, plural, one {# asset} other {# assets}} and {locations, plural, one {# location} other {# locations}}: choose where they go (destinationId) before deleting it.',
      },
      { assets, locations },
    ),
};

export const LOCATION_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'location.nameRequired', message: 'Location name is required.' },
    nameTooLong: said(
      /*i18n*/ {
        id: 'location.nameTooLong',
        message: 'Location name must be at most {locationNameMaxLength} characters.',
      },
      { locationNameMaxLength: LOCATION_NAME_MAX_LENGTH },
    ),
    nameSeparator: /*i18n*/ {
      id: 'location.nameSeparator',
      message: 'A location name cannot contain / or >: they separate the levels of a path.',
    },
    codeTooLong: said(
      /*i18n*/ {
        id: 'location.codeTooLong',
        message: 'Code must be at most {locationCodeMaxLength} characters.',
      },
      { locationCodeMaxLength: LOCATION_CODE_MAX_LENGTH },
    ),
    addressTooLong: said(
      /*i18n*/ {
        id: 'location.addressTooLong',
        message: 'Address must be at most {locationAddressMaxLength} characters.',
      },
      { locationAddressMaxLength: LOCATION_ADDRESS_MAX_LENGTH },
    ),
    notesTooLong: said(
      /*i18n*/ {
        id: 'location.notesTooLong',
        message: 'Notes must be at most {locationNotesMaxLength} characters.',
      },
      { locationNotesMaxLength: LOCATION_NOTES_MAX_LENGTH },
    ),
    nameTaken: /*i18n*/ {
      id: 'location.nameTaken',
      message: 'Another location in the same place has this name. Choose another name.',
    },
    moveIntoItself: /*i18n*/ {
      id: 'location.moveIntoItself',
      message: 'A location cannot be moved into itself or into one of the locations inside it.',
    },
    tooDeep: said(
      /*i18n*/ {
        id: 'location.tooDeep',
        message: 'Locations nest at most {locationMaxDepth} levels deep.',
      },
      { locationMaxDepth: LOCATION_MAX_DEPTH },
    ),
    destinationInside: /*i18n*/ {
      id: 'location.destinationInside',
      message:
        'Choose a destination outside the location you delete: its assets and locations cannot move into it.',
    },
    pathRequired: /*i18n*/ { id: 'location.pathRequired', message: 'Location path is required.' },
    pathEmptySegment: /*i18n*/ {
      id: 'location.pathEmptySegment',
      message: 'Each level of a location path needs a name: remove the empty part between the separators.',
    },
    pathTooLong: said(
      /*i18n*/ {
        id: 'location.pathTooLong',
        message: 'A location path must be at most {locationPathMaxLength, number} characters.',
      },
      { locationPathMaxLength: LOCATION_PATH_MAX_LENGTH },
    ),
    searchRequired: /*i18n*/ {
      id: 'location.searchRequired',
      message: 'Type part of a location’s name or path.',
    },
    searchTooLong: said(
      /*i18n*/ {
        id: 'location.searchTooLong',
        message: 'Search for at most {locationSearchMaxLength} characters.',
      },
      { locationSearchMaxLength: LOCATION_SEARCH_MAX_LENGTH },
    ),
    publicPageOff: /*i18n*/ {
      id: 'location.publicPageOff',
      message: 'This organization does not show its locations publicly.',
    },
  }),
  pathTooDeep: inEnglish(LOCATION_SAID.pathTooDeep),
  destinationRequired: inEnglish(LOCATION_SAID.destinationRequired),
} as const;

export const ASSET_HIERARCHY_MESSAGES = {
  ...englishMessages({
    parentCycle: /*i18n*/ {
      id: 'assetHierarchy.parentCycle',
      message: 'An asset cannot be a component of itself or of one of its own components.',
    },
    tooDeep: said(
      /*i18n*/ {
        id: 'assetHierarchy.tooDeep',
        message: 'Components nest at most {assetComponentMaxDepth} levels deep.',
      },
      { assetComponentMaxDepth: ASSET_COMPONENT_MAX_DEPTH },
    ),
  }),
} as const;

/** Whether a name could stand as one level of a path: it holds no separator. */
export function isLocationName(name: string): boolean {
  return !LOCATION_PATH_SEPARATORS.some((separator) => name.includes(separator));
}

const SEPARATOR_PATTERN = /[/>]/;

/**
 * The names of a path's levels from the top, as people write it ("Plant A / Building 2 / Room 5",
 * "Plant A > Building 2", HomeBox's and Snipe-IT's exports): split on / or >, each level trimmed.
 * Empty levels are kept (as '') so that the caller refuses them with pathEmptySegment.
 */
export function splitLocationPath(path: string): string[] {
  return path.split(SEPARATOR_PATTERN).map((level) => level.trim());
}

/** A full path as the API writes it: the names from the top joined by LOCATION_PATH_SEPARATOR. */
export function joinLocationPath(names: readonly string[]): string {
  return names.join(LOCATION_PATH_SEPARATOR);
}

/** `/l/{organizationId}/{slug}` (a location's QR code) inside a scanned text, or null. */
export function findPublicLocationPath(text: string): { organizationId: string; slug: string } | null {
  const match = /\/l\/([0-9a-fA-F-]{36})\/([A-Za-z0-9-]+)/.exec(text);
  return match?.[1] && match[2] ? { organizationId: match[1].toLowerCase(), slug: match[2] } : null;
}
