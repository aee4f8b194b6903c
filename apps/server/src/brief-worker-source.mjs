// The brief's worker thread run from its TypeScript source (the tests; `npm run dev` on PostgreSQL): a worker
// does not inherit tsx's loader on Node 20, so it registers it before importing the entry.
import { register } from 'tsx/esm/api';

register();
await import('./brief-worker.ts');
