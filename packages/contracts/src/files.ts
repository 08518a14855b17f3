import { z } from 'zod';
import { storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';

/** A stored file (attachment) as the API returns it. */
export const ZFile = z.object({
  id: z.string(),
  objectKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  publicUrl: z.string(),
});
export type TFile = z.infer<typeof ZFile>;

/** The type sent when the browser gives a file none (docs/product/files.md#upload-flow). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** `type/subtype` with optional parameters, as in a Content-Type header. */
const CONTENT_TYPE_PATTERN = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"]*"|[\w.+-]+))*$/;

/** Uploads' refusals with values, as the server sends them (ADR 113). */
export const UPLOAD_SAID = {
  tooLarge: (maxMb: number) =>
    said(/*i18n*/ { id: 'upload.tooLarge', message: 'Files must be at most {maxMb} MB.' }, { maxMb }),
};

export const UPLOAD_MESSAGES = {
  ...englishMessages({
    invalidContentType: /*i18n*/ {
      id: 'upload.invalidContentType',
      message: 'Content type must look like type/subtype.',
    },
    fileNameRequired: /*i18n*/ { id: 'upload.fileNameRequired', message: 'File name is required.' },
    invalidSignature: /*i18n*/ { id: 'upload.invalidSignature', message: 'This upload link is not valid.' },
    expired: /*i18n*/ {
      id: 'upload.expired',
      message: 'This upload link has expired. Please upload the file again.',
    },
    wrongContentType: /*i18n*/ {
      id: 'upload.wrongContentType',
      message: 'The file type does not match the upload link.',
    },
    notPending: /*i18n*/ {
      id: 'upload.notPending',
      message: 'This upload link has already been used or has expired.',
    },
    unknownUpload: /*i18n*/ {
      id: 'upload.unknownUpload',
      message: 'This file was not uploaded through this organization or has expired. Please upload it again.',
    },
    missingObject: /*i18n*/ {
      id: 'upload.missingObject',
      message: 'The uploaded file was not found. Please upload it again.',
    },
  }),
  tooLarge: inEnglish(UPLOAD_SAID.tooLarge),
} as const;

/** POST /api/uploads/presign body. */
export const ZPresignBody = z.object({
  fileName: storableText({ message: UPLOAD_MESSAGES.fileNameRequired })
    .trim()
    .min(1, { message: UPLOAD_MESSAGES.fileNameRequired })
    .max(255),
  contentType: storableText()
    .trim()
    .max(255)
    .nullish()
    .transform((type) => (type ? type : DEFAULT_CONTENT_TYPE))
    .refine((type) => CONTENT_TYPE_PATTERN.test(type), { message: UPLOAD_MESSAGES.invalidContentType }),
});
export type TPresignBody = z.input<typeof ZPresignBody>;

/**
 * Where to PUT the bytes (with the same Content-Type header) and the key to save with the event.
 * `uploadUrl` is relative for the local driver, absolute for S3.
 */
export const ZPresignResponse = z.object({
  uploadUrl: z.string(),
  objectKey: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type TPresignResponse = z.infer<typeof ZPresignResponse>;
