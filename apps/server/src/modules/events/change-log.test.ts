import { describe, expect, it } from 'vitest';
import { describeEventChanges, type EventContent } from './change-log.ts';

const fields = [
  { id: 'f-hours', label: 'Hours' },
  { id: 'f-part', label: 'Part number' },
];

const base: EventContent = {
  title: 'Oil change',
  notes: 'Synthetic',
  recordedBy: 'Ann',
  performedAt: new Date('2024-05-01T10:00:00Z'),
  values: new Map([
    ['f-hours', '3'],
    ['f-part', null],
  ]),
  attachmentKeys: ['org/a', 'org/b'],
  priority: 1,
  downFrom: new Date('2024-05-01T08:00:00Z'),
  downTo: null,
};

const edit = (changes: Partial<EventContent>) => describeEventChanges(base, { ...base, ...changes }, fields);

describe('describeEventChanges', () => {
  it('answers nothing when nothing changed (same instant in another offset, same files in another order)', () => {
    expect(
      edit({
        performedAt: new Date('2024-05-01T12:00:00+02:00'),
        values: new Map([['f-hours', '3']]),
        attachmentKeys: ['org/b', 'org/a'],
      }),
    ).toEqual([]);
  });

  it('words each kind of change as docs/product/events-and-tasks.md#change-log does, in form order', () => {
    expect(
      edit({
        title: 'Oil and filter change',
        notes: null,
        recordedBy: 'Bob',
        performedAt: new Date('2024-05-01T10:00:01Z'),
        values: new Map([
          ['f-hours', null],
          ['f-part', 'P-7'],
        ]),
        attachmentKeys: ['org/a'],
      }),
    ).toEqual([
      'Title updated',
      'Notes cleared',
      'Recorded by updated',
      'Performed at updated',
      'Hours cleared',
      'Part number updated',
      'Attachments updated',
    ]);
  });

  it('says "updated" when a value is set or changed and "cleared" when it goes to none', () => {
    const empty: EventContent = { ...base, notes: null, recordedBy: null, values: new Map() };
    expect(
      describeEventChanges(empty, { ...empty, notes: 'New', recordedBy: 'Ann', values: base.values }, fields),
    ).toEqual(['Notes updated', 'Recorded by updated', 'Hours updated']);
    expect(edit({ notes: 'Mineral', recordedBy: null, values: new Map([['f-hours', '4']]) })).toEqual([
      'Notes updated',
      'Recorded by cleared',
      'Hours updated',
    ]);
  });

  it('counts any added or removed file as one "Attachments updated", even a swap of the same count', () => {
    expect(edit({ attachmentKeys: ['org/a', 'org/b', 'org/c'] })).toEqual(['Attachments updated']);
    expect(edit({ attachmentKeys: [] })).toEqual(['Attachments updated']);
    expect(edit({ attachmentKeys: ['org/a', 'org/c'] })).toEqual(['Attachments updated']);
  });

  it('compares only the fields it is given (retired fields are not logged)', () => {
    expect(
      describeEventChanges(base, { ...base, values: new Map([['f-retired', 'x']]) }, [
        { id: 'f-retired-not-listed', label: 'x' },
      ]),
    ).toEqual([]);
  });

  it('logs a priority change and a downtime change at either end, not the same instant again', () => {
    expect(edit({ priority: 3 })).toEqual(['Priority updated']);
    expect(edit({ downTo: new Date('2024-05-01T09:00:00Z') })).toEqual(['Downtime updated']);
    expect(edit({ downFrom: null })).toEqual(['Downtime updated']);
    expect(edit({ downFrom: new Date('2024-05-01T10:00:00+02:00') })).toEqual([]);
  });
});
