import { describe, expect, it } from 'vitest';
import { ZAssetListView } from './asset-list.ts';
import {
  findPublicLocationPath,
  joinLocationPath,
  LOCATION_MAX_DEPTH,
  LOCATION_MESSAGES,
  splitLocationPath,
} from './location-messages.ts';
import { ZCreateLocationBody, ZDeleteLocationBody, ZLocationPath } from './locations.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('location paths', () => {
  it('splits on / and > whatever the spaces, and joins with " / "', () => {
    expect(splitLocationPath('Plant A / Building 2/Boiler room')).toEqual([
      'Plant A',
      'Building 2',
      'Boiler room',
    ]);
    expect(splitLocationPath('Plant A > Building 2 >Room 5')).toEqual(['Plant A', 'Building 2', 'Room 5']);
    expect(joinLocationPath(['Plant A', 'Building 2'])).toBe('Plant A / Building 2');
  });

  it('reads a path into its levels, refusing empty levels and too many of them', () => {
    expect(ZLocationPath.parse('  Plant A / Room 5 ')).toEqual(['Plant A', 'Room 5']);
    expect(messagesOf(ZLocationPath.safeParse('Plant A //Room 5'))).toEqual([
      LOCATION_MESSAGES.pathEmptySegment,
    ]);
    expect(messagesOf(ZLocationPath.safeParse('Plant A / '))).toEqual([LOCATION_MESSAGES.pathEmptySegment]);
    const deep = Array.from({ length: LOCATION_MAX_DEPTH + 1 }, (_, index) => `L${index}`).join('/');
    expect(messagesOf(ZLocationPath.safeParse(deep))).toEqual([
      LOCATION_MESSAGES.pathTooDeep(LOCATION_MAX_DEPTH + 1),
    ]);
    expect(messagesOf(ZLocationPath.safeParse(' '))).toEqual([LOCATION_MESSAGES.pathRequired]);
  });

  it('finds a location QR code in a scanned text', () => {
    const org = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
    expect(findPublicLocationPath(`https://qr.example.com/l/${org}/boiler-room-x7k2`)).toEqual({
      organizationId: org,
      slug: 'boiler-room-x7k2',
    });
    expect(findPublicLocationPath(`https://qr.example.com/a/${org}/pump-3`)).toBeNull();
  });
});

describe('location bodies', () => {
  it('refuses a name with a separator or too long, and keeps optional details apart', () => {
    expect(messagesOf(ZCreateLocationBody.safeParse({ name: 'Unit 3/4' }))).toEqual([
      LOCATION_MESSAGES.nameSeparator,
    ]);
    expect(messagesOf(ZCreateLocationBody.safeParse({ name: 'x'.repeat(201) }))).toEqual([
      LOCATION_MESSAGES.nameTooLong,
    ]);
    expect(ZCreateLocationBody.parse({ name: ' Room 5 ', code: '', notes: 'Key at desk' })).toEqual({
      name: 'Room 5',
      code: null,
      notes: 'Key at desk',
    });
  });

  it('reads a delete without a body as no destination given', () => {
    expect(ZDeleteLocationBody.parse(undefined)).toEqual({ destinationId: undefined });
    expect(ZDeleteLocationBody.parse({ destinationId: null })).toEqual({ destinationId: null });
  });

  it('filters the asset list by a location id or none', () => {
    const id = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
    expect(ZAssetListView.parse({ location: id.toUpperCase() }).location).toBe(id);
    expect(ZAssetListView.parse({ location: 'none' }).location).toBe('none');
    expect(ZAssetListView.safeParse({ location: 'Plant A' }).success).toBe(false);
  });
});
