import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips), loaded at the first image it processes: an upload, a synced photograph, a brochure
 * (the demo workspace renders its scenes with a loader of its own, the same way).
 * Loaded at start it held ~28 MB of resident memory in every server, most of which never touches an
 * image (the server's memory under load).
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
