import path from 'node:path';

// This file sits directly in src/ and is bundled into dist/server.js, so one level up is the
// server package in both cases.
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
