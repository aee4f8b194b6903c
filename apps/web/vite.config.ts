import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The chunks a page runs nearly whole as it hydrates: React and its router, the query client, the app's shell. */
const EAGER_COMPILED_CHUNKS = new Set(['react', 'query', 'main']);

/**
 * Writes which modules each chunk holds to dist/.vite/chunk-modules.json (a dot folder the server does not
 * serve), so bench/check-bundle.js can prove charts and payments stay out of the home page's first load.
 */
function bundleReport(): Plugin {
  return {
    name: 'dispatch:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = output.moduleIds.map((id) => path.relative(repoRoot, id.replace(/^\0/, '')));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(report, null, 1) });
    },
  };
}

/**
 * React Router's package exports name its development build in every case (remix-run/react-router#14102):
 * its warnings checked on every render, in the browser and in the server's renders. A build takes the
 * production one; the dev server and the tests keep the warnings.
 */
const productionRouter = {
  find: /^react-router$/,
  replacement: path.resolve(repoRoot, 'node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), bundleReport()],
  resolve: { alias: command === 'build' ? [productionRouter] : [] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Nothing preloaded: the server's HTML paints the page, and the chunks the script imports must not compete
    // with the first images for a phone's bandwidth (docs/decisions/021-first-paint-before-scripts.md). Not
    // `false`, which still has lazy chunks fetch and apply the one stylesheet again, though every page holds it
    // already (inlined by the server, or linked by index.html): docs/decisions/024-compressed-pages-and-the-lcp.md.
    modulePreload: { polyfill: false, resolveDependencies: () => [] },
    rolldownOptions: {
      output: {
        // Chromium compiles every function of these chunks while they download, off the main thread, instead of
        // each on its first call during hydration: a phone's main thread is blocked about half as long
        // (docs/decisions/032-the-page-loads-before-its-fonts-and-scripts.md).
        postBanner: (chunk) => (EAGER_COMPILED_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        // The framework changes less often than our code: its chunks stay cached across releases.
        // No catch-all vendor group, so libraries of lazy routes (charts, payments) stay in their routes' chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Apart from the query client: the home page validates its first answers with a lazily loaded zod.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What the entry script (boot.ts) shares with the app, apart from it: a chunk importing the entry would
            // make every lazy chunk fetch the entry's stylesheet again, though the page holds it (inlined).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            { name: 'constants', test: /packages[\\/]shared[\\/]src[\\/]constants\.ts$/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // CI shares two cores among the three projects' workers (and whatever else the machine runs): a whole route
    // rendered through a few clicks can take several times what it takes on an idle machine.
    ...(process.env.CI && { testTimeout: 20_000, hookTimeout: 30_000 }),
  },
}));
