import { z } from 'zod';

/** Public settings the browser needs (GET /api/client-config, no sign-in). */
export const ZClientConfig = z.object({
  supportEmail: z.string(),
  publicBaseUrl: z.string(),
  /** Largest attachment accepted, in bytes. */
  maxUploadBytes: z.number().int(),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
