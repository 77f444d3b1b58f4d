import { preload } from 'react-dom';
import bodyLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import display400Latin from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2?url';
import display500Latin from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url';

/**
 * The Latin files of the faces a page's first screen is set in (fonts.css declares them all; the
 * build gives a file one URL, so the preload and the stylesheet fetch it once).
 */
const FACES = {
  /** Inter, the body face. */
  body: bodyLatin,
  /** Cormorant Garamond regular: the landing's hero heading. */
  display400: display400Latin,
  /** Cormorant Garamond medium: headings (h1–h3), the client's page's hero heading. */
  display500: display500Latin,
} as const;

/**
 * Preloads the body face and the display face of the page's main heading, so the first screen is
 * set in them as soon as possible (`font-display: swap` shows the text at once in the fallback
 * meanwhile). Called while rendering: on the server React writes the preloads into the head.
 */
export function usePreloadFonts(display: 'display400' | 'display500') {
  for (const href of [FACES.body, FACES[display]]) {
    preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  }
}
