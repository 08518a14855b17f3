import { ASSET_CSV_COLUMNS, EVENT_CSV_COLUMNS, LANGUAGES, SCHEDULE_CSV_COLUMNS } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { csvHeaders, exportColumnOf } from './csv-headers.ts';

describe('exportColumnOf (ADR 115)', () => {
  it.each(LANGUAGES)('reads every column name our %s files write back as its English', (language) => {
    for (const columns of [ASSET_CSV_COLUMNS, EVENT_CSV_COLUMNS, SCHEDULE_CSV_COLUMNS]) {
      const names = csvHeaders(columns, language);
      // Each name is one column's only: no translation is another column's name in any language.
      expect(names.map((name) => exportColumnOf(name))).toEqual([...columns]);
      expect(names.map((name) => exportColumnOf(` ${name.toUpperCase()} `))).toEqual([...columns]);
    }
  });

  it('knows the German names and nothing else', () => {
    expect(exportColumnOf('Kennung')).toBe('Slug');
    expect(exportColumnOf('Kennung des Objekts')).toBe('Asset slug');
    expect(exportColumnOf('Nombre del activo')).toBe('Asset name');
    expect(exportColumnOf('Room')).toBeUndefined();
    // The problems file's columns are not read back.
    expect(exportColumnOf('Problem')).toBeUndefined();
  });
});
