import { z } from 'zod';

export const PRODUCT_NAME = 'Maintenance QR';
export const ORGANIZATION_NAME_MAX_LENGTH = 200;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const ZOrganization = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
});
export type TOrganization = z.infer<typeof ZOrganization>;
