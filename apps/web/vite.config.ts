import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { fontSubsets } from './build/font-subsets.ts';

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
    // The browser's files only: the server-rendering bundle (dist-ssr/) is read from disk by Node.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
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

/** What every web test file runs in. */
export const WEB_TEST = {
  environment: 'jsdom' as const,
  setupFiles: ['src/testing/setup.ts'],
  css: false,
};

/**
 * Web tests that need modules loaded afresh (they load a lazy chunk for the first time): their own
 * project, `web-isolated` (vitest.isolated.config.ts), a module registry per file.
 */
export const ISOLATED_WEB_TESTS = ['src/features/contact/components/deferred-contact-form.test.tsx'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [fontSubsets(), react(), tailwindcss(), precompress()],
  // changeOrigin stays false: the API's Origin check compares Origin with Host, which must remain the
  // address the browser used.
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false }, '/uploads': { target: api, changeOrigin: false } },
  },
  // The server rendering bundle is self-contained and always React's production build, whatever the
  // server's environment: every package is bundled in (none is resolved at run time).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? // `vite build --ssr src/entry-server.tsx`: the public pages' server rendering, for the server's
      // web plugin (apps/server/src/plugins/server-render.ts).
      { outDir: 'dist-ssr', sourcemap: true, emptyOutDir: true, copyPublicDir: false }
    : {
        sourcemap: true,
        chunkSizeWarningLimit: 600,
        // Which chunks and styles each route module needs: a server-rendered page preloads its own.
        manifest: true,
        rolldownOptions: {
          output: {
            // Libraries by what needs them, so a page gets only its own: the client's white-label page
            // needs React but not the query cache or the router until a villa is opened.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
              ],
            },
          },
          // The app, and the client's white-label page as its own small app without the router.
          input: {
            main: path.resolve(import.meta.dirname, 'index.html'),
            collection: path.resolve(import.meta.dirname, 'collection.html'),
          },
        },
      },
  test: {
    ...WEB_TEST,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ISOLATED_WEB_TESTS,
    // One module registry and jsdom per worker, not per file: the web tests took 268 s on two cores,
    // 70 s so (most of it was starting jsdom and importing the app again for each of 60 files).
    isolate: false,
  },
}));
