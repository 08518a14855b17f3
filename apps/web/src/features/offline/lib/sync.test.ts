import type { TMaintenanceEvent } from '@mqr/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadError } from '#web/features/events/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import type {
  TQueuedAssetMove,
  TQueuedChecklistStep,
  TQueuedEventSave,
  TQueuedReading,
  TQueuedWrite,
} from '#web/lib/offline-writes.ts';
import { clearOwner } from './offline-db.ts';
import { addToOutbox, listOutbox, saveEntry } from './outbox.ts';
import { sendOutbox } from './sync.ts';

const api = vi.hoisted(() => ({
  completeTask: vi.fn(),
  startTask: vi.fn(),
  createEvent: vi.fn(),
  updateEvent: vi.fn(),
  presignUpload: vi.fn(),
  uploadFile: vi.fn(),
  getAsset: vi.fn(),
  moveAsset: vi.fn(),
  answerStep: vi.fn(),
  clearStep: vi.fn(),
  openFollowUp: vi.fn(),
  recordReading: vi.fn(),
}));

vi.mock('#web/features/events/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));
vi.mock('#web/features/assets/index.ts', () => ({ getAsset: api.getAsset, moveAsset: api.moveAsset }));
vi.mock('#web/features/checklists/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  answerStep: api.answerStep,
  clearStep: api.clearStep,
  openFollowUp: api.openFollowUp,
}));
vi.mock('#web/features/meters/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  recordReading: api.recordReading,
}));

const OWNER = 'org:tech';
const offline = () => new ApiError(0, 'NETWORK', 'Unable to reach the server.');

/** When the technician did things, offline: the outbox sends these times, not the time of the sync. */
const DONE_AT = '2026-05-03T13:03:00.000Z';
const SAVED_AT = '2026-05-03T13:01:00.000Z';

const completeTask = (eventId = 'e1'): TQueuedWrite => ({
  kind: 'task-action',
  action: 'complete',
  assetId: 'a1',
  eventId,
  title: 'Check pressure',
  taskStatus: 'InProgress',
  occurredAt: DONE_AT,
  work: { timeSpent: [{ minutes: 45 }], costs: [{ description: 'Seal', quantity: 1, unitCostMinor: 990 }] },
});

const MOVED_AT = '2026-05-03T13:05:00.000Z';

const moveToRoom = (): TQueuedAssetMove => ({
  kind: 'move-asset',
  assetId: 'a1',
  locationId: 'room-5',
  locationPath: 'Plant A / Room 5',
  occurredAt: MOVED_AT,
});

const photo = () => new File([new Uint8Array([1, 2, 3])], 'seal.png', { type: 'image/png' });

const newEvent = (): TQueuedEventSave => ({
  kind: 'save-event',
  assetId: 'a1',
  taskWasOpen: false,
  body: { title: 'Replaced seal', notes: 'In the plant room.' },
  storedFiles: [],
  newFiles: [photo()],
  occurredAt: SAVED_AT,
});

const stamps = (patch: Partial<TMaintenanceEvent>) => ({
  events: [
    {
      id: 'e1',
      taskStatus: 'Completed',
      taskCompletedBy: 'Ana',
      taskCompletedAt: '2026-05-03T14:02:00Z',
      ...patch,
    },
  ],
});

describe('sending the outbox', () => {
  beforeEach(() => {
    api.presignUpload.mockResolvedValue({
      uploadUrl: '/up/k1',
      objectKey: 'org/k1',
      maxBytes: 1000,
      expiresAt: '',
    });
    api.uploadFile.mockResolvedValue(undefined);
    api.createEvent.mockResolvedValue({ id: 'new-event' });
    api.completeTask.mockResolvedValue({});
  });
  afterEach(async () => {
    vi.resetAllMocks();
    await clearOwner(OWNER);
  });

  it('sends each write with the time it was made, and hands on what the server answered', async () => {
    await addToOutbox(OWNER, newEvent(), 'Pump');
    await addToOutbox(OWNER, completeTask(), 'Pump');
    const [event, task] = await listOutbox(OWNER);
    expect(event!.createdAt).toBe(SAVED_AT);
    const answer = { id: 'e1', taskStatus: 'Completed', taskCompletedAt: DONE_AT };
    api.completeTask.mockResolvedValue(answer);
    const sent = vi.fn();
    await sendOutbox(OWNER, sent);
    expect(api.createEvent).toHaveBeenCalledWith(
      'a1',
      expect.objectContaining({ title: 'Replaced seal', occurredAt: SAVED_AT }),
      event!.key,
    );
    // The work entered on completion goes with it (ADR 131).
    expect(api.completeTask).toHaveBeenCalledWith('a1', 'e1', task!.key, DONE_AT, {
      timeSpent: [{ minutes: 45 }],
      costs: [{ description: 'Seal', quantity: 1, unitCostMinor: 990 }],
    });
    expect(sent).toHaveBeenNthCalledWith(1, expect.objectContaining({ id: event!.id }), { id: 'new-event' });
    expect(sent).toHaveBeenNthCalledWith(2, expect.objectContaining({ id: task!.id }), answer);
  });

  it('uploads the files with their own keys, then saves the event with its key, and empties the outbox', async () => {
    await addToOutbox(OWNER, newEvent(), 'Pump');
    const [entry] = await listOutbox(OWNER);
    const sent = vi.fn();
    await sendOutbox(OWNER, sent);
    expect(api.presignUpload).toHaveBeenCalledWith(
      { fileName: 'seal.png', contentType: 'image/png' },
      undefined,
      entry!.files[0]!.presignKey,
    );
    expect(api.uploadFile).toHaveBeenCalledWith('/up/k1', expect.anything(), 'image/png', expect.anything());
    expect(api.createEvent).toHaveBeenCalledWith(
      'a1',
      {
        title: 'Replaced seal',
        notes: 'In the plant room.',
        files: [{ objectKey: 'org/k1', fileName: 'seal.png', contentType: 'image/png', size: 3 }],
        occurredAt: SAVED_AT,
      },
      entry!.key,
    );
    expect(await listOutbox(OWNER)).toEqual([]);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('stops without a connection, keeps the uploaded file, and goes on from there next time with the same keys', async () => {
    await addToOutbox(OWNER, newEvent(), null);
    await addToOutbox(OWNER, completeTask(), null);
    api.createEvent.mockRejectedValueOnce(offline());
    await sendOutbox(OWNER, () => {});
    const [waiting, next] = await listOutbox(OWNER);
    expect(waiting).toMatchObject({ state: 'waiting' });
    expect(waiting!.files[0]!.objectKey).toBe('org/k1');
    expect(next).toMatchObject({ state: 'waiting' });
    expect(api.completeTask).not.toHaveBeenCalled();

    await sendOutbox(OWNER, () => {});
    expect(api.presignUpload).toHaveBeenCalledTimes(1);
    expect(api.createEvent).toHaveBeenCalledTimes(2);
    expect(api.createEvent.mock.calls[1]![2]).toBe(api.createEvent.mock.calls[0]![2]);
    expect(api.completeTask).toHaveBeenCalledWith('a1', 'e1', next!.key, DONE_AT, {
      timeSpent: [{ minutes: 45 }],
      costs: [{ description: 'Seal', quantity: 1, unitCostMinor: 990 }],
    });
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('keeps an upload while the file storage is unavailable (503 at presign, no answer to the PUT, 503 or 507 at the save), then sends it once (ADR 140)', async () => {
    await addToOutbox(OWNER, newEvent(), null);
    const storageDown = new ApiError(503, 'UNAVAILABLE', 'File storage is unavailable right now.');
    const diskFull = new ApiError(507, 'INSUFFICIENT_STORAGE', "The server's disk is full.");
    api.presignUpload.mockRejectedValueOnce(storageDown);
    api.uploadFile.mockRejectedValueOnce(new UploadError(0));
    api.createEvent.mockRejectedValueOnce(storageDown).mockRejectedValueOnce(diskFull);
    const sent = vi.fn();
    for (let round = 0; round < 4; round++) {
      await sendOutbox(OWNER, sent);
      const [kept] = await listOutbox(OWNER);
      expect(kept, `round ${round}`).toMatchObject({ state: 'waiting', message: null });
      expect(kept!.files.map((file) => file.name)).toEqual(['seal.png']);
    }
    expect(sent).not.toHaveBeenCalled();
    // The PUT went through on the third round: later rounds save with that key, not a new upload.
    expect(api.uploadFile).toHaveBeenCalledTimes(2);

    await sendOutbox(OWNER, sent);
    expect(await listOutbox(OWNER)).toEqual([]);
    expect(sent).toHaveBeenCalledTimes(1);
    const keys = api.createEvent.mock.calls.map((call) => call[2]);
    expect(new Set(keys).size).toBe(1);
    expect(api.createEvent.mock.calls.at(-1)![1]).toMatchObject({
      files: [{ objectKey: 'org/k1', fileName: 'seal.png' }],
    });
  });

  it('asks for a new upload URL (a new key) once when the first one expired', async () => {
    await addToOutbox(OWNER, newEvent(), null);
    api.uploadFile.mockRejectedValueOnce(new UploadError(403));
    await sendOutbox(OWNER, () => {});
    expect(api.presignUpload).toHaveBeenCalledTimes(2);
    expect(api.presignUpload.mock.calls[1]![2]).not.toBe(api.presignUpload.mock.calls[0]![2]);
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('says who completed a task first and when, and keeps it listed as a conflict', async () => {
    await addToOutbox(OWNER, completeTask(), null);
    api.completeTask.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This task is already completed.'));
    api.getAsset.mockResolvedValue(stamps({}));
    await sendOutbox(OWNER, () => {});
    const [entry] = await listOutbox(OWNER);
    expect(entry).toMatchObject({ state: 'conflict' });
    expect(entry!.message).toMatch(/^Already completed by Ana on .+\.$/);
  });

  it('saves notes and files of a task completed meanwhile as a new, completed event', async () => {
    await addToOutbox(
      OWNER,
      {
        ...newEvent(),
        eventId: 'e1',
        taskWasOpen: true,
        storedFiles: [{ objectKey: 'org/old', fileName: 'a.pdf' }],
      },
      null,
    );
    const [entry] = await listOutbox(OWNER);
    api.updateEvent.mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'You do not have permission...'));
    api.getAsset.mockResolvedValue(stamps({}));
    await sendOutbox(OWNER, () => {});
    const files = [
      { objectKey: 'org/old', fileName: 'a.pdf' },
      { objectKey: 'org/k1', fileName: 'seal.png', contentType: 'image/png', size: 3 },
    ];
    expect(api.createEvent).toHaveBeenCalledWith(
      'a1',
      { title: 'Replaced seal', notes: 'In the plant room.', files, startTask: false, occurredAt: SAVED_AT },
      `${entry!.key}:new`,
    );
    expect(api.completeTask).toHaveBeenCalledWith('a1', 'new-event', `${entry!.key}:new:complete`, SAVED_AT);
    const [conflict] = await listOutbox(OWNER);
    expect(conflict!.message).toMatch(
      /^Already completed by Ana on .+\. Your notes and files were saved as a new event\.$/,
    );
  });

  it('marks a refused write "Not sent" with the server\'s reason and sends the next; an answer lost counts as sent', async () => {
    await addToOutbox(OWNER, completeTask('e1'), null);
    await addToOutbox(OWNER, completeTask('e2'), null);
    api.completeTask
      .mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', 'Maintenance event not found.'))
      .mockRejectedValueOnce(new ApiError(409, 'ALREADY_DONE', 'This request was already carried out...'));
    await sendOutbox(OWNER, () => {});
    const left = await listOutbox(OWNER);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: 'failed', message: 'Maintenance event not found.' });
    expect(left[0]!.write).toMatchObject({ eventId: 'e1' });
  });

  it('sends a move made offline with its key and time, again with the same key after a cut (ADR 127)', async () => {
    await addToOutbox(OWNER, moveToRoom(), 'Pump');
    await addToOutbox(OWNER, completeTask(), 'Pump');
    const [move] = await listOutbox(OWNER);
    expect(move).toMatchObject({ createdAt: MOVED_AT, files: [], assetName: 'Pump' });
    api.moveAsset.mockRejectedValueOnce(offline());
    await sendOutbox(OWNER, () => {});
    expect(await listOutbox(OWNER)).toHaveLength(2);
    expect(api.completeTask).not.toHaveBeenCalled();

    api.moveAsset.mockResolvedValueOnce({ id: 'a1' });
    const sent = vi.fn();
    await sendOutbox(OWNER, sent);
    expect(api.moveAsset).toHaveBeenCalledTimes(2);
    expect(api.moveAsset).toHaveBeenNthCalledWith(1, 'a1', 'room-5', move!.key, MOVED_AT);
    expect(api.moveAsset).toHaveBeenNthCalledWith(2, 'a1', 'room-5', move!.key, MOVED_AT);
    expect(sent).toHaveBeenNthCalledWith(1, expect.objectContaining({ id: move!.id }), null);
    expect(await listOutbox(OWNER)).toEqual([]);
  });

  it('keeps a move to a location deleted meanwhile as "Not sent", saying so, and sends the next', async () => {
    await addToOutbox(OWNER, moveToRoom(), 'Pump');
    await addToOutbox(OWNER, { ...moveToRoom(), locationId: null, locationPath: null }, 'Pump');
    api.moveAsset
      .mockRejectedValueOnce(
        new ApiError(404, 'NOT_FOUND', 'Location not found.', [
          { path: 'locationId', message: 'Location not found.' },
        ]),
      )
      .mockResolvedValueOnce({ id: 'a1' });
    await sendOutbox(OWNER, () => {});
    const left = await listOutbox(OWNER);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      state: 'failed',
      message:
        '“Plant A / Room 5” no longer exists: the asset was not moved. Discard this change and move the asset again.',
      write: { kind: 'move-asset', locationId: 'room-5' },
    });
    expect(api.moveAsset).toHaveBeenLastCalledWith('a1', null, expect.any(String), MOVED_AT);
  });

  it('sends a checklist’s steps, follow-up and clearing in order, each with its own time; a signature is uploaded first', async () => {
    const step = (patch: Partial<TQueuedChecklistStep>): TQueuedChecklistStep => ({
      kind: 'checklist-step',
      assetId: 'a1',
      eventId: 'e1',
      stepKey: 'pressure',
      stepLabel: 'Pressure',
      taskTitle: 'Annual check',
      answer: { numberValue: 3.1 },
      newFiles: [],
      occurredAt: DONE_AT,
      ...patch,
    });
    const signature = new File([new Uint8Array([0x89, 0x50])], 'signature.png', { type: 'image/png' });
    await addToOutbox(OWNER, step({}), 'Pump');
    await addToOutbox(
      OWNER,
      {
        kind: 'checklist-follow-up',
        assetId: 'a1',
        eventId: 'e1',
        stepKey: 'pressure',
        title: 'Follow-up: Pressure',
        notes: 'Read 3.1 bar.',
        occurredAt: DONE_AT,
      },
      'Pump',
    );
    await addToOutbox(
      OWNER,
      step({ stepKey: 'sign', answer: { file: true }, newFiles: [signature], occurredAt: MOVED_AT }),
      'Pump',
    );
    await addToOutbox(OWNER, step({ stepKey: 'remarks', answer: null, occurredAt: MOVED_AT }), 'Pump');
    const [number, followUp, signed, cleared] = await listOutbox(OWNER);
    // A step's file waits on the device with its own presign key, not in the write.
    expect(signed!.files).toHaveLength(1);
    expect('newFiles' in signed!.write).toBe(false);
    // The signature's answer is lost on its way once: its upload is not done again.
    api.answerStep.mockResolvedValueOnce({}).mockRejectedValueOnce(offline());
    await sendOutbox(OWNER, () => {});
    expect(api.presignUpload).toHaveBeenCalledTimes(1);
    expect(await listOutbox(OWNER)).toHaveLength(2);
    api.answerStep.mockResolvedValue({});
    await sendOutbox(OWNER, () => {});
    expect(api.presignUpload).toHaveBeenCalledTimes(1);
    expect(api.presignUpload).toHaveBeenCalledWith(
      { fileName: 'signature.png', contentType: 'image/png' },
      undefined,
      signed!.files[0]!.presignKey,
    );
    expect(api.answerStep).toHaveBeenNthCalledWith(
      1,
      'e1',
      'pressure',
      { numberValue: 3.1, doneAt: DONE_AT },
      number!.key,
    );
    expect(api.openFollowUp).toHaveBeenCalledWith(
      'e1',
      { stepKey: 'pressure', title: 'Follow-up: Pressure', notes: 'Read 3.1 bar.' },
      followUp!.key,
    );
    expect(api.answerStep).toHaveBeenLastCalledWith(
      'e1',
      'sign',
      { file: { objectKey: 'org/k1', fileName: 'signature.png' }, doneAt: MOVED_AT },
      signed!.key,
    );
    expect(api.clearStep).toHaveBeenCalledWith('e1', 'remarks', cleared!.key);
  });

  it('sends a reading entered offline with the time it was entered; an unusual jump waits for "Send anyway" (ADR 137)', async () => {
    const reading: TQueuedReading = {
      kind: 'meter-reading',
      assetId: 'a1',
      meterId: 'm1',
      meterName: 'Engine hours',
      unit: 'h',
      body: { value: 1500, note: null, isReplacement: false, confirm: false, eventId: null },
      occurredAt: DONE_AT,
    };
    await addToOutbox(OWNER, reading, 'Pump');
    const [entry] = await listOutbox(OWNER);
    api.recordReading.mockRejectedValueOnce(
      new ApiError(
        409,
        'CONFIRM_REQUIRED',
        'This reading adds 300 h in 1 day, far more than the usual 8 h a day.',
      ),
    );
    await sendOutbox(OWNER, vi.fn());
    expect(api.recordReading).toHaveBeenCalledWith('m1', { ...reading.body, readAt: DONE_AT }, entry!.key);
    const [refused] = await listOutbox(OWNER);
    expect(refused).toMatchObject({
      state: 'failed',
      needsConfirm: true,
      message: expect.stringContaining('300 h'),
    });
    // "Send anyway": the same reading, confirmed, with a key of its own (the first was refused, nothing stored).
    await saveEntry({
      ...refused!,
      write: { ...reading, body: { ...reading.body, confirm: true } },
      state: 'waiting',
      message: null,
      needsConfirm: false,
    });
    api.recordReading.mockResolvedValueOnce({});
    await sendOutbox(OWNER, vi.fn());
    expect(api.recordReading).toHaveBeenLastCalledWith(
      'm1',
      { ...reading.body, confirm: true, readAt: DONE_AT },
      `${entry!.key}:confirmed`,
    );
    expect(await listOutbox(OWNER)).toEqual([]);
  });
});
