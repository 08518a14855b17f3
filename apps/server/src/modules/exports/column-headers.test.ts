import { describe, expect, it } from 'vitest';
import { fieldHeaders } from './column-headers.ts';

const field = (key: string, label: string) => ({ id: `id-${key}`, key, label });

describe('fieldHeaders', () => {
  it('names a column by its field label', () => {
    expect(fieldHeaders(['Name'], [field('serial', 'Serial number'), field('room', 'Room')])).toEqual([
      'Serial number',
      'Room',
    ]);
  });

  it('uses the key where the label is a fixed column or shared with another field', () => {
    const headers = fieldHeaders(
      ['Slug', 'Name'],
      [field('asset_name', 'name'), field('floor_a', 'Floor'), field('floor_b', 'floor')],
    );
    expect(headers).toEqual(['asset_name', 'floor_a', 'floor_b']);
  });

  it('never repeats a header, even when keys look like labels', () => {
    const headers = fieldHeaders(['Name'], [field('room', 'Name'), field('other', 'room')]);
    expect(new Set(headers.map((h) => h.toLowerCase())).size).toBe(headers.length);
    expect(headers).toEqual(['room', 'other']);
  });
});
