import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips), loaded at the first scene rendered: a start that copies the prepared images or
 * finds them in place never loads it (the server loads its own the same way, apps/server/src/lib/sharp.ts).
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
