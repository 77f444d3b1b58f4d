declare module 'subset-font' {
  /** harfbuzz's hb-subset (wasm): the glyphs of `text` from `font` (TTF, WOFF or WOFF2). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      preserveNameIds?: number[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      noLayoutClosure?: boolean;
    },
  ): Promise<Buffer>;
}

declare module 'fontverter' {
  /** A font (TTF, WOFF or WOFF2) in another of those formats. */
  export function convert(font: Buffer, format: 'truetype' | 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
