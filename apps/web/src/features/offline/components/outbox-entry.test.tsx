import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import type { TQueuedEventSave } from '#web/lib/offline-writes.ts';
import type { TOutboxEntry, TOutboxFile } from '../lib/offline-db.ts';
import { OutboxEntry } from './outbox-entry.tsx';

const MB = 1024 * 1024;

function file(size: number): TOutboxFile {
  return {
    id: 'f-1',
    name: 'photo.jpg',
    type: 'image/jpeg',
    size,
    blob: new Blob(),
    presignKey: 'k',
    objectKey: null,
  };
}

function entry(files: TOutboxFile[]): TOutboxEntry {
  return {
    id: 1,
    owner: 'u-1',
    createdAt: '2026-11-20T08:30:00.000Z',
    key: 'key-1',
    write: {
      kind: 'save-event',
      assetId: 'a1',
      taskWasOpen: false,
      body: { title: 'Oil change' } as TQueuedEventSave['body'],
      storedFiles: [],
      occurredAt: '2026-11-20T08:30:00.000Z',
    },
    files,
    assetName: 'Boiler',
    state: 'waiting',
    message: null,
  };
}

function show(files: TOutboxFile[]) {
  render(
    <MemoryRouter>
      <OutboxEntry entry={entry(files)} showAsset onRetry={() => {}} onRemove={() => {}} />
    </MemoryRouter>,
  );
}

describe('an outbox entry', () => {
  afterEach(() => activateLocale('en'));

  it('says what it will do and counts its files', () => {
    show([file(MB), file(MB / 2)]);
    expect(screen.getByRole('heading', { name: 'New maintenance event “Oil change”' })).toBeInTheDocument();
    expect(screen.getByText('2 files (1.5 MB) kept on this device')).toBeInTheDocument();
  });

  it('speaks the active language: one file, the decimal comma', async () => {
    await activateLocale('de');
    show([file(1.5 * MB)]);
    expect(screen.getByRole('heading', { name: 'Neuer Wartungseintrag „Oil change“' })).toBeInTheDocument();
    expect(screen.getByText('1 Datei (1,5 MB) auf diesem Gerät gespeichert')).toBeInTheDocument();
    expect(screen.getByText('Wartet')).toBeInTheDocument();
  });

  it('says which checklist step, clearing or follow-up waits, in the active language (ADR 136)', async () => {
    const step = {
      kind: 'checklist-step' as const,
      assetId: 'a1',
      eventId: 'e1',
      stepKey: 's1',
      stepLabel: 'Signed off',
      taskTitle: 'Annual check',
      answer: { file: true as const },
      occurredAt: '2026-11-20T08:30:00.000Z',
    };
    const at = (write: TOutboxEntry['write'], files: TOutboxFile[] = []) => ({ ...entry(files), write });
    render(
      <MemoryRouter>
        <ul>
          <OutboxEntry entry={at(step, [file(MB / 4)])} showAsset onRetry={() => {}} onRemove={() => {}} />
          <OutboxEntry
            entry={at({ ...step, answer: null })}
            showAsset
            onRetry={() => {}}
            onRemove={() => {}}
          />
          <OutboxEntry
            entry={at({
              kind: 'checklist-follow-up',
              assetId: 'a1',
              eventId: 'e1',
              stepKey: 's1',
              title: 'Follow-up: Pressure',
              notes: null,
              occurredAt: '2026-11-20T08:30:00.000Z',
            })}
            showAsset
            onRetry={() => {}}
            onRemove={() => {}}
          />
        </ul>
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { name: 'Checklist step “Signed off” of “Annual check”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 file (0.3 MB) kept on this device')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Clear checklist step “Signed off” of “Annual check”' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Open follow-up task “Follow-up: Pressure”' }),
    ).toBeInTheDocument();
  });

  it('says what a reading holds; one the server asked to confirm offers "Send anyway"', () => {
    const reading: TOutboxEntry = {
      ...entry([]),
      write: {
        kind: 'meter-reading',
        assetId: 'a1',
        meterId: 'm1',
        meterName: 'Engine hours',
        unit: 'h',
        body: { value: 12345.5, note: null, isReplacement: false, confirm: false, eventId: null },
        occurredAt: '2026-11-20T08:30:00.000Z',
      },
      state: 'failed',
      message: 'This reading adds 3,000 h in 1 day, far more than the usual 8 h a day.',
      needsConfirm: true,
    };
    render(
      <MemoryRouter>
        <OutboxEntry entry={reading} showAsset onRetry={() => {}} onRemove={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Reading of Engine hours: 12,345.5 h' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send anyway' })).toBeInTheDocument();
  });
});
