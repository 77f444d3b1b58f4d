import { z } from 'zod';

// Image uploads: the renditions' naming rule (IMAGE_WIDTHS, renditionWidths) is in images.ts.

/** `POST /api/upload/image` (multipart, field `image`). */
export const uploadImageResponseSchema = z.object({
  /** The largest rendition, e.g. `/uploads/images/<id>-1600.webp`: the URL a property stores. */
  imageUrl: z.string(),
  /** Every rendition with its width descriptor, for `<img srcset>`. */
  srcSet: z.string(),
  /** Size of the largest rendition, upright. */
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
