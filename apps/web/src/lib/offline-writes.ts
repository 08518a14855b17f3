import type {
  TCheckOutcome,
  TCompleteTaskBody,
  TEventBody,
  TEventFileInput,
  TTaskStatus,
} from '@mqr/contracts';
import { createContext, useContext } from 'react';

/** A maintenance event saved while offline: its texts and values, the files it keeps and the new ones. */
export type TQueuedEventSave = {
  kind: 'save-event';
  assetId: string;
  /** Absent: a new event. */
  eventId?: string | undefined;
  /** The event's task was open when edited (a completion by someone else meanwhile is a conflict). */
  taskWasOpen: boolean;
  body: Omit<TEventBody, 'files'>;
  /** Files already stored (kept, or uploaded before the connection dropped). */
  storedFiles: TEventFileInput[];
  /** Files still to upload: their bytes wait on this device. */
  newFiles: File[];
  /** When the user saved it (ISO): the server stamps the event or the edit with it (ADR 085). */
  occurredAt: string;
};

/** A task started or completed while offline. */
export type TQueuedTaskAction = {
  kind: 'task-action';
  action: 'start' | 'complete';
  assetId: string;
  eventId: string;
  title: string;
  /** The task's status when the action was made (before it). */
  taskStatus: TTaskStatus;
  /** When the user made it (ISO): the task's start or completion time (ADR 085). */
  occurredAt: string;
  /** A completion's work (time, costs, downtime, ADR 131), sent with it. */
  work?: Omit<NonNullable<TCompleteTaskBody>, 'occurredAt'>;
};

/** An asset moved to another location (or to none) while offline (ADR 127). */
export type TQueuedAssetMove = {
  kind: 'move-asset';
  assetId: string;
  /** Null: to no location. */
  locationId: string | null;
  /** The location's path as the device showed it (the outbox says where to). */
  locationPath: string | null;
  /** When the user moved it (ISO): the move's time in the asset's history (ADR 085). */
  occurredAt: string;
};

/**
 * A checklist step answered or cleared while offline (ADR 136): sent with its own time, `occurredAt`
 * (the answer's doneAt), after the writes queued before it and before the task's completion.
 */
export type TQueuedChecklistStep = {
  kind: 'checklist-step';
  assetId: string;
  eventId: string;
  stepKey: string;
  /** The step's label and the task's title as the device showed them (the outbox says what waits). */
  stepLabel: string;
  taskTitle: string;
  /**
   * The answer: one of an outcome, a number or a text (a choice's option); a photo or a signature
   * is the file in `newFiles` instead (uploaded first). Null clears the step.
   */
  answer:
    | { outcome: TCheckOutcome }
    | { numberValue: number }
    | { textValue: string }
    | { file: true }
    | null;
  /** A photo's or a signature's bytes (at most one), waiting on this device. */
  newFiles: File[];
  /** When the step was done on this device (ISO): the answer's doneAt (ADR 085). */
  occurredAt: string;
};

/** A follow-up task opened from a flagged checklist step while offline (ADR 136). */
export type TQueuedFollowUp = {
  kind: 'checklist-follow-up';
  assetId: string;
  eventId: string;
  stepKey: string;
  title: string;
  notes: string | null;
  /** When it was asked for on this device (ISO). */
  occurredAt: string;
};

/** A meter reading entered while offline (ADR 137): sent with the time it was read. */
export type TQueuedReading = {
  kind: 'meter-reading';
  assetId: string;
  meterId: string;
  /** The meter's name and unit as the device showed them (the outbox says what it holds). */
  meterName: string;
  unit: string;
  body: {
    value: number;
    note: string | null;
    isReplacement: boolean;
    /** Sent again with true after the server asked to confirm an unusual jump. */
    confirm: boolean;
    /** The task it was read for. */
    eventId: string | null;
    /** When it was read (ISO), when not when it was entered. */
    readAt?: string | undefined;
  };
  /** When the user entered it (ISO): the reading's time unless it names its own (ADR 085). */
  occurredAt: string;
};

export type TQueuedWrite =
  | TQueuedEventSave
  | TQueuedTaskAction
  | TQueuedAssetMove
  | TQueuedChecklistStep
  | TQueuedFollowUp
  | TQueuedReading;

/**
 * What the offline layer (features/offline, composed in app/) offers the screens that write: whether
 * a write should wait on this device rather than be sent, and the queue it waits in (sent in order,
 * exactly once, when the connection returns). Without a provider (tests, the public page), writes go
 * out as usual.
 */
export type TOfflineWrites = {
  /** True when there is no connection (a write then goes to the queue at once). */
  isOffline(): boolean;
  queue(write: TQueuedWrite): Promise<void>;
  /**
   * Where a scanned public asset address opens while offline: the staff page of an asset this user
   * opened recently (or its public page kept on this device), or null when it is not on this device.
   */
  findScannedAsset(organizationId: string, slug: string): Promise<string | null>;
};

export const OfflineWritesContext = createContext<TOfflineWrites | null>(null);

export function useOfflineWrites(): TOfflineWrites | null {
  return useContext(OfflineWritesContext);
}
