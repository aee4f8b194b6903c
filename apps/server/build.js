// Bundles the server into dist/server.js and its brief-sending thread into dist/brief-worker.js; npm packages stay external, the shared workspace is inlined.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  // The brief's sender runs in a worker thread on PostgreSQL (src/modules/brief/sender-thread.ts).
  entryPoints: { server: 'src/server.ts', 'brief-worker': 'src/brief-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
