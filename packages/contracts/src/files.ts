import { z } from 'zod';

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

/** The label shown for a file that is not an image: its extension, first 6 characters upper-case. */
export function fileExtensionLabel(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1) : '';
  return extension ? extension.slice(0, 6).toUpperCase() : 'FILE';
}
