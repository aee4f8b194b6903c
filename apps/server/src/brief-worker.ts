import { parentPort } from 'node:worker_threads';
import { pino } from 'pino';
import { loadConfig, resolveJwtSecret } from './config.js';
import { fromPostgres } from './db/client.js';
import { createBriefSender, startBriefSender } from './modules/brief/sender.js';
import { BRIEF_THREAD_POOL_SIZE } from './modules/brief/sender-thread.js';
import { LOG_SERIALIZERS } from './plugins/log-serializers.js';

/*
 * The daily brief's sender in its own thread (modules/brief/sender-thread.ts starts it): its own connections
 * to PostgreSQL and its own heap, so a send's garbage neither grows the pages' heap nor waits on their event loop.
 * The server has migrated the database and checked the configuration before starting this.
 */
const config = loadConfig(process.env);
const log = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
const database = fromPostgres(config.databaseUrl!, BRIEF_THREAD_POOL_SIZE, undefined, {
  statementMs: config.timeouts.statementMs,
  connectMs: config.timeouts.databaseConnectMs,
});
const briefs = startBriefSender(
  createBriefSender(
    {
      db: database.db,
      clock: () => new Date(),
      secret: resolveJwtSecret(config),
      config: { ...config, mail: config.mail! },
    },
    log,
  ),
  log,
);
parentPort!.once('message', () => {
  void briefs
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
