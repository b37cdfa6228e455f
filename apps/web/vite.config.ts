import { execFileSync } from 'node:child_process';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/**
 * The page's first script (src/boot.ts) imports the app (src/main.tsx) with `import()`, so that it
 * runs before the app's code has arrived. Vite lists only the first script's own imports in the
 * page; this lists the app's too, so the browser fetches them from the start, not once the first
 * script has run.
 */
function preloadApp(appEntry: string): Plugin {
  return {
    name: 'shule:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const app = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(appEntry),
        );
        if (!app) throw new Error(`preloadApp: no chunk for ${appEntry}`);
        // The first script and what it imports are in the page already.
        const listed = new Set(
          Object.values(bundle).flatMap((file) =>
            file.type === 'chunk' && file.isEntry ? [file.fileName, ...file.imports] : [],
          ),
        );
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const file = bundle[fileName];
          if (files.has(fileName) || listed.has(fileName) || file?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of file.imports) visit(imported);
        };
        visit(app.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The version the Help page shows, so a user can say what they run when asking for help: the
 * commit it was built from and its date ("a1b2c3d, 2026-12-02"), or "a development build"
 * outside a git checkout.
 */
function buildVersion() {
  try {
    return execFileSync('git', ['log', '-1', '--format=%h, %cs'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'a development build';
  }
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  define: { __SHULE_VERSION__: JSON.stringify(buildVersion()) },
  plugins: [
    react(),
    tailwindcss(),
    preloadApp('src/main.tsx'),
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
    // A page test renders, types and waits for several answers: on a busy 2-core CI machine one
    // took 5.1 s (the students page's 120-row paging), so 5 s is too tight to mean a hang.
    testTimeout: 20_000,
  },
});
