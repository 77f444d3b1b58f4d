import type { PublicWhiteLabel } from '@villas/shared';
import { move } from 'piscina';
import { renderBrochure } from './white-label.brochure';

/**
 * The brochure worker's task (a piscina worker thread, white-label.brochure-pool.ts): renders one
 * brochure and hands its bytes back to the main thread without copying them. Built as an entry of
 * its own (apps/server/build.mjs: dist/brochure-worker.js).
 */
export interface BrochureTask {
  answer: PublicWhiteLabel;
  uploadDir: string;
}

export default async function renderTask({ answer, uploadDir }: BrochureTask) {
  const pdf = await renderBrochure(answer, { uploadDir });
  // A buffer of its own (not a slice of Node's shared pool), so moving it moves only the PDF.
  const own =
    pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength
      ? pdf
      : Uint8Array.prototype.slice.call(pdf);
  return move(new Uint8Array(own.buffer, own.byteOffset, own.byteLength));
}
