import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

export const ZFieldError = z.object({ path: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

/** The body of every error response. `fields` is present for validation errors only. */
export const ZApiError = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(ZFieldError).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
