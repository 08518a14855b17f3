import { i18n } from '@lingui/core';
import {
  DEFAULT_CONTENT_TYPE,
  EVENT_MAX_FILES,
  EVENT_MESSAGES,
  type TEventFileInput,
  type TFile,
  UPLOAD_MESSAGES,
} from '@mqr/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { presignUpload } from '../api/presign-upload.ts';
import { UploadError, uploadFile } from '../api/upload-file.ts';
import { attachmentInput } from '../components/event-form-values.ts';
import { EVENT_FORM_TEXTS } from '../texts.ts';

export type TUploadStatus = 'ready' | 'uploading' | 'done' | 'failed';

/** A file chosen in the composer, not saved yet. */
export type TNewAttachment = {
  id: string;
  file: File;
  contentType: string;
  /** 0 to 100. */
  progress: number;
  status: TUploadStatus;
  /** Set once the bytes are stored; a retry does not upload the file again. */
  objectKey: string | null;
};

/** A file already attached to the event, kept unless the user removes it. */
export type TExistingAttachment = { file: TFile; removed: boolean };

/** Bytes as megabytes with at most one decimal (26214400 → 25). */
export function formatMegabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

export function tooLargeMessage(fileName: string, maxBytes: number): string {
  return i18n._(
    EVENT_FORM_TEXTS.tooLarge(fileName, wordMessage(UPLOAD_MESSAGES.tooLarge(formatMegabytes(maxBytes)))),
  );
}

let nextId = 0;

/**
 * What `upload()` resolves to: the whole attachment list to save, or, when an upload failed, whether
 * it may go through later (no connection, the file storage unavailable: ADR 140).
 */
export type TUploadOutcome = { files: TEventFileInput[] } | { files: null; tryLater: boolean };

/** An upload's failure that a later attempt may get past: no answer, or an answer that says so. */
const mayGoLater = (error: unknown) =>
  (error instanceof ApiError || error instanceof UploadError) && error.isTryLater;

/**
 * The composer's attachments: the event's existing files (each can be removed) and newly chosen ones,
 * checked against the size limit when chosen, uploaded (each with its progress) on submit.
 * `upload()` resolves to the whole attachment list to save, or says that an upload failed (the
 * files that did upload keep their key, so a retry sends only the others).
 */
export function useEventAttachments(existingFiles: TFile[], maxUploadBytes: number | undefined) {
  const [existing, setExisting] = useState<TExistingAttachment[]>(() =>
    existingFiles.map((file) => ({ file, removed: false })),
  );
  const [added, setAdded] = useState<TNewAttachment[]>([]);
  const latest = useRef(added);
  latest.current = added;
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (id: string, patch: Partial<TNewAttachment>) =>
    setAdded((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  /** Adds chosen files; returns why any were refused (too large, too many). */
  function add(files: File[]): string[] {
    const refused: string[] = [];
    const kept = existing.filter((entry) => !entry.removed).length;
    let room = EVENT_MAX_FILES - kept - latest.current.length;
    const accepted: TNewAttachment[] = [];
    for (const file of files) {
      if (maxUploadBytes !== undefined && file.size > maxUploadBytes) {
        refused.push(tooLargeMessage(file.name, maxUploadBytes));
        continue;
      }
      if (room <= 0) {
        if (!refused.includes(wordMessage(EVENT_MESSAGES.tooManyFiles)))
          refused.push(wordMessage(EVENT_MESSAGES.tooManyFiles));
        continue;
      }
      room -= 1;
      nextId += 1;
      accepted.push({
        id: `upload-${nextId}`,
        file,
        contentType: file.type || DEFAULT_CONTENT_TYPE,
        progress: 0,
        status: 'ready',
        objectKey: null,
      });
    }
    if (accepted.length > 0) setAdded((list) => [...list, ...accepted]);
    return refused;
  }

  function remove(id: string) {
    setAdded((list) => list.filter((item) => item.id !== id));
  }

  /** The server refused the uploaded files (e.g. expired): the next save uploads them again. */
  function forgetUploads() {
    setAdded((list) => list.map((item) => ({ ...item, status: 'ready', progress: 0, objectKey: null })));
  }

  function toggleExisting(fileId: string) {
    setExisting((list) =>
      list.map((entry) => (entry.file.id === fileId ? { ...entry, removed: !entry.removed } : entry)),
    );
  }

  async function uploadOne(
    item: TNewAttachment,
    signal: AbortSignal,
  ): Promise<TEventFileInput | { failed: unknown }> {
    const input = (objectKey: string) => ({
      objectKey,
      fileName: item.file.name,
      contentType: item.contentType,
      size: item.file.size,
    });
    if (item.status === 'done' && item.objectKey) return input(item.objectKey);
    update(item.id, { status: 'uploading', progress: 0 });
    try {
      const target = await presignUpload({ fileName: item.file.name, contentType: item.contentType }, signal);
      if (item.file.size > target.maxBytes) throw new UploadError(413);
      await uploadFile(target.uploadUrl, item.file, item.contentType, {
        signal,
        onProgress: (fraction) => update(item.id, { progress: fraction * 100 }),
      });
      update(item.id, { status: 'done', progress: 100, objectKey: target.objectKey });
      return input(target.objectKey);
    } catch (error) {
      update(item.id, { status: 'failed' });
      return { failed: error };
    }
  }

  /** For a save kept on this device: the files already stored (kept or uploaded), and those still to upload. */
  function split(): { storedFiles: TEventFileInput[]; newFiles: File[] } {
    const storedFiles = existing
      .filter((entry) => !entry.removed)
      .map((entry) => attachmentInput(entry.file));
    const newFiles: File[] = [];
    for (const item of latest.current) {
      if (item.status === 'done' && item.objectKey) {
        storedFiles.push({
          objectKey: item.objectKey,
          fileName: item.file.name,
          contentType: item.contentType,
          size: item.file.size,
        });
      } else newFiles.push(item.file);
    }
    return { storedFiles, newFiles };
  }

  async function upload(): Promise<TUploadOutcome> {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const uploaded = await Promise.all(latest.current.map((item) => uploadOne(item, controller.signal)));
    const failures = uploaded.flatMap((file) => ('failed' in file ? [file.failed] : []));
    if (failures.length > 0) return { files: null, tryLater: failures.every(mayGoLater) };
    const kept = existing.filter((entry) => !entry.removed).map((entry) => attachmentInput(entry.file));
    return { files: [...kept, ...(uploaded as TEventFileInput[])] };
  }

  return { existing, added, add, remove, toggleExisting, upload, split, forgetUploads };
}
