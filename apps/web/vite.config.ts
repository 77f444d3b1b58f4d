import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
