import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/**
 * A message's id and values (ADR 113): a client words `messageId` with `values` in its reader's
 * language; `message` stays the English text. Servers before ids send none: show `message` then.
 */
export const ZMessageParts = {
  messageId: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

export const ZFieldError = z.object({ path: z.string(), message: z.string(), ...ZMessageParts });

/** A text of the API with its id and values, and the messages put in it as values (ADR 121). */
export const ZApiText = z.object({
  message: z.string(),
  ...ZMessageParts,
  parts: z.record(z.string(), z.object({ message: z.string(), ...ZMessageParts })).optional(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/**
 * The body of every error response. `fields` is present for validation errors only, and for
 * CHECKLIST_INCOMPLETE: one per empty required step, its path `checklist.<stepKey>`.
 */
export const ZApiError = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  ...ZMessageParts,
  fields: z.array(ZFieldError).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
