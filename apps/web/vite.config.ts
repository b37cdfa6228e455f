import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // A Brotli (.br) and a gzip (.gz) copy of every text file at the highest levels, once at build
    // time; the API sends the copy the browser accepts (apps/api/src/plugins/spa.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    rolldownOptions: {
      preserveEntrySignatures: false,
      // Shared modules under 8 kB (a card, a field, one icon) are copied into the screens that
      // use them rather than each sent as a file of its own: on a phone every extra request costs
      // a round trip and a kilobyte of headers, more than the module. Measured with
      // scripts/lighthouse.mjs: /login 15 requests to 9, /dashboard performance 92 to 95.
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } } },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
