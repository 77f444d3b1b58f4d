import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Text files of the build. Images and fonts are compressed already; source maps (~7 MB, fetched only
 * by devtools) are left to the server's on-the-fly compression.
 */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|webmanifest|xml)$/;

/**
 * Writes `file.br` (brotli at its highest quality) and `file.gz` beside each text file of the build,
 * once, so the server sends them as they are (`preCompressed` in apps/server/src/plugins/web.ts)
 * instead of compressing the same bundle on every request. A variant no smaller than its file is
 * not written.
 */
function precompress(): Plugin {
  return {
    name: 'villas:precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // changeOrigin stays false: the API's Origin check compares Origin with Host, which must remain the
  // address the browser used.
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false }, '/uploads': { target: api, changeOrigin: false } },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
  },
});
