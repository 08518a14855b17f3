import { ASSET_CSV_COLUMNS, fieldKeyOf as keyOf, fieldLabelOf as labelOf } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { proposeMatchBy, recogniseFormat, suggestMapping, wrongKindOfFile } from './formats.ts';

describe('recogniseFormat', () => {
  it.each([
    [['Slug', 'Name', 'Description', 'Created at', 'Updated at', 'Serial'], 'Maintenance QR'],
    [[...ASSET_CSV_COLUMNS, 'Serial'], 'Maintenance QR'],
    [['Asset Tag', 'Name', 'Serial', 'Model', 'Category', 'Location', 'Notes'], 'Snipe-IT'],
    [['HB.name', 'HB.location', 'HB.field.Colour'], 'HomeBox'],
    [['Name', 'Room'], 'Other'],
  ])('recognises %j', (headers, format) => {
    expect(recogniseFormat(headers, 'assets')).toBe(format);
  });
});

describe('labelOf and keyOf', () => {
  it('names a field after a column', () => {
    expect(labelOf('HB.serial_number')).toBe('Serial number');
    expect(labelOf('HB.field.Colour')).toBe('Colour');
    expect(labelOf(' Room ')).toBe('Room');
    expect(keyOf('Purchase Date (UTC)')).toBe('purchase_date_utc');
    expect(keyOf('Température')).toBe('temperature');
    expect(keyOf('東京')).toBe('field');
  });
});

describe('suggestMapping', () => {
  it('creates a new field of the type its column names, and matches an existing field without the type', () => {
    const fields = [{ id: 'f1', key: 'installed', label: 'Install date', isActive: true }];
    expect(
      suggestMapping(
        [
          'Name',
          'Install date (date)',
          'Cost (Number)',
          'Size (select)',
          'Weight (number) (text)',
          'Note (soon)',
        ],
        'assets',
        'Other',
        fields,
      ),
    ).toEqual([
      { kind: 'name' },
      { kind: 'field', fieldId: 'f1' },
      { kind: 'newField', label: 'Cost', key: 'cost', dataType: 'Number', isPublic: false },
      { kind: 'newField', label: 'Size', key: 'size', dataType: 'Select', isPublic: false },
      { kind: 'newField', label: 'Weight (number)', key: 'weight_number', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Note (soon)', key: 'note_soon', dataType: 'Text', isPublic: false },
    ]);
  });

  it('maps our own export back, existing fields by label or key, and the rest as new fields', () => {
    const fields = [
      { id: 'f1', key: 'serial', label: 'Serial number', isActive: true },
      { id: 'f2', key: 'room', label: 'Room', isActive: true },
      { id: 'f3', key: 'old', label: 'Old tag', isActive: false },
    ];
    expect(
      suggestMapping(
        [
          'Slug',
          'Name',
          'Description',
          'Created at',
          'Updated at',
          'serial',
          'ROOM',
          'Colour',
          'Name',
          'Old tag',
        ],
        'assets',
        'Maintenance QR',
        fields,
      ),
    ).toEqual([
      { kind: 'slug' },
      { kind: 'name' },
      { kind: 'description' },
      { kind: 'ignore' },
      { kind: 'ignore' },
      { kind: 'field', fieldId: 'f1' },
      { kind: 'field', fieldId: 'f2' },
      { kind: 'newField', label: 'Colour', key: 'colour', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Name', key: 'name', dataType: 'Text', isPublic: false },
      { kind: 'ignore' },
    ]);
  });

  it('never proposes a key that is taken', () => {
    const mapping = suggestMapping(['Name', 'Room', 'room ', 'Tag'], 'assets', 'Other', [
      { id: 'f', key: 'room', label: 'Other room', isActive: true },
      { id: 'g', key: 'tag', label: 'Old tag', isActive: false },
    ]);
    expect(mapping.slice(1)).toEqual([
      { kind: 'field', fieldId: 'f' },
      { kind: 'newField', label: 'room', key: 'room_2', dataType: 'Text', isPublic: false },
      { kind: 'ignore' },
    ]);
  });
});

describe('proposeMatchBy (ADR 092)', () => {
  it('matches by slug, else by external ID, else creates; never by name; nothing for history', () => {
    const ours = suggestMapping([...ASSET_CSV_COLUMNS], 'assets', 'Maintenance QR', []);
    expect(ours.slice(0, 4)).toEqual([
      { kind: 'slug' },
      { kind: 'name' },
      { kind: 'description' },
      { kind: 'externalId' },
    ]);
    expect(proposeMatchBy('assets', ours)).toBe('slug');
    const snipe = suggestMapping(['Asset Tag', 'Name', 'Model'], 'assets', 'Snipe-IT', []);
    expect(proposeMatchBy('assets', snipe)).toBe('externalId');
    const homebox = suggestMapping(['HB.name', 'HB.asset_id'], 'assets', 'HomeBox', []);
    expect(homebox).toEqual([{ kind: 'name' }, { kind: 'externalId' }]);
    expect(proposeMatchBy('assets', homebox)).toBe('externalId');
    expect(proposeMatchBy('assets', [{ kind: 'name' }])).toBe('none');
    expect(proposeMatchBy('events', [{ kind: 'asset' }])).toBeNull();
  });
});

describe('our exports in the reader’s language (ADR 115)', () => {
  const GERMAN_ASSETS = [
    'Kennung',
    'Name',
    'Beschreibung',
    'Externe ID',
    'Erstellt am',
    'Geändert am',
    'Raum',
  ];
  const FRENCH_HISTORY = [
    'Identifiant de l’équipement',
    'Nom de l’équipement',
    'Titre',
    'Effectuée le',
    'Statut',
    'Remarque',
  ];

  it('recognises them and maps their columns as the English ones', () => {
    expect(recogniseFormat(GERMAN_ASSETS, 'assets')).toBe('Maintenance QR');
    expect(
      suggestMapping(GERMAN_ASSETS, 'assets', 'Maintenance QR', []).map((column) => column.kind),
    ).toEqual(['slug', 'name', 'description', 'externalId', 'ignore', 'ignore', 'newField']);
    expect(recogniseFormat(FRENCH_HISTORY, 'events')).toBe('Maintenance QR');
    expect(recogniseFormat(FRENCH_HISTORY, 'assets')).toBe('Other');
    expect(
      suggestMapping(FRENCH_HISTORY, 'events', 'Maintenance QR', []).map((column) => column.kind),
    ).toEqual(['asset', 'ignore', 'title', 'performedAt', 'status', 'newField']);
  });

  it('refuses a German history file uploaded as assets', () => {
    const history = ['Kennung des Objekts', 'Name des Objekts', 'Titel', 'Durchgeführt am', 'Status'];
    expect(wrongKindOfFile(history, 'assets')).toBeDefined();
  });
});
