import { i18n } from '@lingui/core';
import { IMPORT_TARGET_LABELS } from '@mqr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { importRun } from './import-fixtures.ts';
import { IMPORT_TARGET_TEXTS, IMPORT_TEXTS, resultText } from './texts.ts';

// The English stays word for word what the screens said before (tests and docs read it); counts
// are plurals written the language's way (docs/translating.md).

afterEach(() => activateLocale('en'));

describe('the import texts in English', () => {
  it('count rows, problems and assets as before', () => {
    expect(i18n._(IMPORT_TEXTS.rows(1, ',', 'assets'))).toBe('1 row, separated by commas.');
    expect(i18n._(IMPORT_TEXTS.rows(12345, '\t', 'events'))).toBe(
      '12,345 rows of maintenance history, separated by tabs.',
    );
    expect(i18n._(IMPORT_TEXTS.rows(2, '|', 'schedules'))).toBe('2 rows of schedules, separated by “|”.');
    expect(i18n._(IMPORT_TEXTS.problemsFound(1))).toBe(
      '1 problem found. Fix it in the file and upload it again.',
    );
    expect(i18n._(IMPORT_TEXTS.passed(1))).toBe('The row passed the check.');
    expect(i18n._(IMPORT_TEXTS.passedWithPlan(3, { create: 1, update: 2, unchanged: 0 }))).toBe(
      'All 3 rows passed the check: 1 create, 2 update, 0 unchanged.',
    );
    expect(i18n._(IMPORT_TEXTS.importButton(1, 'events'))).toBe('Import 1 event');
    expect(i18n._(IMPORT_TEXTS.importButton(1200, 'assets'))).toBe('Import 1,200 assets');
    expect(i18n._(IMPORT_TEXTS.undoText(1, 3))).toBe(
      'Undoing deletes the asset the import created and puts the 3 assets it updated back as they were. It cannot be undone itself.',
    );
    expect(i18n._(IMPORT_TEXTS.undoText(0, 0))).toBe(
      'The import left no asset to delete or put back: undoing only marks it undone.',
    );
    expect(i18n._(IMPORT_TEXTS.done({ ...importRun(), kind: 'schedules', createdCount: 1 }))).toBe(
      'Import finished: 1 schedules added.',
    );
    expect(i18n._(resultText({ ...importRun(), status: 'Checked', problemCount: 1 }))).toBe('1 problem');
    expect(i18n._(IMPORT_TEXTS.fileHint())).toContain('At most 50 MB, 100,000 rows');
  });
});

describe('IMPORT_TARGET_TEXTS', () => {
  it('says in English what contracts’ IMPORT_TARGET_LABELS say', () => {
    const english = Object.fromEntries(
      Object.entries(IMPORT_TARGET_TEXTS).map(([target, text]) => [target, i18n._(text)]),
    );
    expect(english).toEqual(IMPORT_TARGET_LABELS);
  });
});

describe('the import texts in German', () => {
  it('write counts the German way, with German plurals', async () => {
    await activateLocale('de');
    expect(i18n._(IMPORT_TEXTS.rows(12345, ';', 'assets'))).toBe('12.345 Zeilen, getrennt durch Semikolons.');
    expect(i18n._(IMPORT_TEXTS.rows(1, ';', 'assets'))).toBe('1 Zeile, getrennt durch Semikolons.');
    expect(i18n._(IMPORT_TEXTS.importButton(1, 'assets'))).toBe('1 Objekt importieren');
    expect(i18n._(IMPORT_TEXTS.checkingRow(1500, 20000))).toBe('Zeile 1.500 von 20.000 wird geprüft');
    expect(i18n._(IMPORT_TEXTS.done({ ...importRun(), kind: 'schedules', createdCount: 1 }))).toBe(
      'Import abgeschlossen: 1 Wartungsplan hinzugefügt.',
    );
  });
});
