import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  ASSET_MESSAGES,
  BULK_MESSAGES,
  IMPORT_SAID,
  IMPORT_TARGET_LABELS,
  SCHEDULE_SAID,
  type TImportBuiltInTarget,
} from './index.ts';
import { formatEnglish, said, saidOf, wordIn } from './messages.ts';

describe('messages with ids (ADR 113)', () => {
  it('writes the English of an ICU message: values, numbers, plurals, selects and quoted braces', () => {
    expect(formatEnglish('Max {max} characters.', { max: 2000 })).toBe('Max 2000 characters.');
    expect(formatEnglish('More than {max, number} rows.', { max: 50000 })).toBe('More than 50,000 rows.');
    const plural = '{n, plural, =0 {none} one {# asset} other {# assets}}';
    expect([0, 1, 1200].map((n) => formatEnglish(plural, { n }))).toEqual([
      'none',
      '1 asset',
      '1,200 assets',
    ]);
    expect(formatEnglish('{k, select, a {A} other {B}}', { k: 'a' })).toBe('A');
    expect(formatEnglish("e.g. '{'\"every\":1'}'.")).toBe('e.g. {"every":1}.');
  });

  it('finds a message from its English, with the values it was said with', () => {
    expect(saidOf(ASSET_MESSAGES.nameRequired)).toEqual({
      messageId: 'asset.nameRequired',
      message: 'Asset name is required.',
    });
    expect(saidOf(BULK_MESSAGES.deleteCountMismatch(1))).toEqual({
      messageId: 'bulk.deleteCountMismatch',
      message: 'This selection holds 1 asset: type 1 to confirm.',
      values: { count: 1 },
    });
    expect(saidOf('Some other text.')).toBeUndefined();
  });

  it('says a message with its values, the English as before', () => {
    expect(SCHEDULE_SAID.someAssetsRetired(1).message).toBe(
      '1 of these assets is retired: schedules cannot be added to them.',
    );
    // An import's refusals: the English as the earlier string templates wrote it.
    expect(IMPORT_SAID.undoBlocked(1, ['Pump']).message).toBe(
      '1 asset of this import changed since it ran (edited, retired, or given an event, a file or a schedule): Pump. Undoing would lose that work, so nothing was undone.',
    );
    expect(IMPORT_SAID.undoBlocked(5, ['Pump', 'Fan']).message).toBe(
      '5 assets of this import changed since it ran (edited, retired, or given an event, a file or a schedule): Pump, Fan and 3 more. Undoing would lose that work, so nothing was undone.',
    );
    expect(IMPORT_SAID.matchKeyNotMapped('externalId').message).toBe(
      'Choose the column that holds the external ID to match existing assets by it, or match by something else.',
    );
    expect(IMPORT_SAID.duplicateHeader('Serial')).toEqual({
      messageId: 'import.duplicateHeader',
      message: 'Two columns are named "Serial". Rename one and try again.',
      values: { header: 'Serial' },
    });
    expect(said({ id: 'x.y', message: 'Hello {name}.' }, { name: 'Ann' })).toEqual({
      messageId: 'x.y',
      message: 'Hello Ann.',
      values: { name: 'Ann' },
    });
  });

  it('names each built-in target of an import in its refusals as the mapping screen does, in English', () => {
    for (const [target, label] of Object.entries(IMPORT_TARGET_LABELS) as [TImportBuiltInTarget, string][]) {
      expect(IMPORT_SAID.wrongTarget(target)).toEqual({
        messageId: 'import.wrongTarget',
        message: `A file of this kind has no column to import as ${label.toLowerCase()}.`,
        values: { target },
      });
      expect(IMPORT_SAID.mappedTwice(target).message).toBe(
        `Only one column can be imported as ${label.toLowerCase()}.`,
      );
    }
  });

  it("says an import's row problems in English as before, with their values", () => {
    expect(IMPORT_SAID.momentInvalid('performedAt', 'next Tuesday', 'YMD')).toEqual({
      messageId: 'import.momentInvalid',
      message:
        'Performed at "next Tuesday" must be a date such as 2024-03-05 or a date and time such as 2024-03-05T14:30:00Z.',
      values: { target: 'performedAt', value: 'next Tuesday' },
    });
    expect(IMPORT_SAID.momentInvalid('completedAt', 'soon', 'DMY').message).toBe(
      'Completed at "soon" must be a date written as 15.03.2021 or a date and time such as 15.03.2021 14:30.',
    );
    expect(IMPORT_SAID.personTooLong('startedBy').message).toBe('Started by must be at most 200 characters.');
    expect(IMPORT_SAID.performedAtRequired().message).toBe('Performed at is required.');
    expect(IMPORT_SAID.numberInvalid('x'.repeat(50), 'comma')).toEqual({
      messageId: 'import.numberInvalid',
      message: `"${'x'.repeat(40)}…" is not a number written as 1.234,56.`,
      values: { value: `${'x'.repeat(40)}…`, example: '1.234,56' },
    });
    expect(IMPORT_SAID.nameAmbiguous(2).message).toBe(
      '2 assets in service have this name: match by slug or external ID instead.',
    );
    expect(IMPORT_SAID.slugDiffers('pump-1').message).toBe(
      'The asset this row matches has the slug "pump-1": a slug never changes. Correct the cell or clear it.',
    );
    expect(IMPORT_SAID.eventTwice(3).message).toBe(
      'This event is already in row 3 of the file (same asset, title and performed at).',
    );
  });

  it('puts a message in another as a part, worded first in the same language', () => {
    const problem = said({ id: 'x.required', message: '{label} is required.' }, { label: 'Serial' });
    const stopped = said(
      { id: 'x.stopped', message: 'Row {row}: {problem} Again.' },
      { row: 7 },
      { problem },
    );
    expect(stopped).toEqual({
      messageId: 'x.stopped',
      message: 'Row 7: Serial is required. Again.',
      values: { row: 7 },
      parts: { problem },
    });
    const german = setupI18n({
      locale: 'de',
      messages: { de: { 'x.stopped': 'Zeile {row}: {problem} Erneut.', 'x.required': '{label} fehlt.' } },
    });
    expect(wordIn(german, stopped)).toBe('Zeile 7: Serial fehlt. Erneut.');
    // A part the catalog does not know stays in English; a message it does not know, whole.
    expect(wordIn(german, { ...stopped, parts: { problem: { message: 'As stored.' } } })).toBe(
      'Zeile 7: As stored. Erneut.',
    );
    expect(wordIn(german, { ...stopped, messageId: 'x.unknown' })).toBe('Row 7: Serial is required. Again.');
  });
});
