import { IMAGE_MIME_TYPES, LIMITS } from '@villas/shared';

/**
 * The client's checks before sending (an image type, at most 10MB): the toast's title and
 * text, or null when fine.
 */
export function imageFileProblem(file: File): { title: string; text: string } | null {
  // What the server stores: JPEG, PNG and WebP.
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: 'Invalid file type', text: 'Please select an image file' };
  }
  if (file.size > LIMITS.uploadMaxBytes) {
    return { title: 'File too large', text: 'Please select an image smaller than 10MB' };
  }
  return null;
}

/**
 * POST /api/upload/image as multipart with the field `image` (not the JSON client), cookies sent.
 * Answers the stored image's URL; any non-OK answer is 'Upload failed'.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/upload/image', { method: 'POST', body, credentials: 'include', signal });
  if (!res.ok) throw new Error('Upload failed');
  const data = (await res.json().catch(() => null)) as { imageUrl?: unknown } | null;
  if (!data || typeof data.imageUrl !== 'string' || !data.imageUrl) throw new Error('Upload failed');
  return data.imageUrl;
}
