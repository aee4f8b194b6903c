import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // A worker keeps the modules it loaded from one file to the next, instead of loading the app, Fastify, Drizzle
    // and PGlite again for each of the ~80 files (most of the run's time went there): every test builds its own app
    // and database, and no source module keeps state one file could see from another
    // (docs/decisions/063-a-faster-suite.md).
    isolate: false,
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
