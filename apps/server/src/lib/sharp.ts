import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips), loaded at the first image it processes: an upload, a synced photograph, a brochure,
 * a demo scene rendered (packages/demo-data).
 * Loaded at start it held ~28 MB of resident memory in every server, most of which never touches an
 * image (the server's memory under load).
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
