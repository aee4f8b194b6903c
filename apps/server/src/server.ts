import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, resolveJwtSecret } from './config.js';
import { openDatabase } from './db/client.js';
import { createBriefSender, startBriefSender } from './modules/brief/sender.js';
import { briefWorkerEntry, startBriefSenderThread } from './modules/brief/sender-thread.js';
import { createMailer, startMailer } from './modules/notices/mailer.js';
import { startPremiumReminders } from './modules/notices/premium-reminders.js';
import { startHousekeeping } from './modules/system/housekeeping.js';
import { createImageStore } from './modules/uploads/image-store.js';
import { serializeError } from './plugins/log-serializers.js';
import { demoAccountsBanner } from './seed/demo-banner.js';
import { ensureAdmin, seedDemoContent } from './seed/seed.js';

// Fastify's close waits for requests being answered; one that never ends must not stop the exit.
const SHUTDOWN_DEADLINE_MS = 10_000;
// After the deadline a background job still in hand (an SMTP server that stopped answering) is left: its claim
// runs out and another instance takes it over.
const JOBS_GRACE_MS = 2_000;

/*
 * How far V8 lets a heap grow past its live size before the next full collection: half of it, not V8's own
 * factor of up to 4, which under load (a brief's send beside pages) let the main thread's heap reach 400 MB for
 * 130 MB live and raised resident memory by about 300 MB (docs/decisions/043-the-daily-brief.md). A
 * `--heap-growing-percent` given to node wins.
 */
const HEAP_GROWING_PERCENT = 50;
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(problem);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: { statementMs: config.timeouts.statementMs, connectMs: config.timeouts.databaseConnectMs },
  });
  await database.migrate();
  const images = createImageStore(config.uploadsDir);
  const app = await buildApp({ config, db: database.db, images, background: true });
  const clock = app.clock;

  await ensureAdmin(database.db, images, config, app.log, app.viewers);
  if (config.seedDemo) {
    await seedDemoContent(database.db, images, new Date(), app.log);
    if (config.env === 'production') {
      app.log.warn('SEED_DEMO is on in production: the demo readers and their public passwords exist on this site');
    }
  }
  // Stopped as soon as a signal comes, beside the drain: each finishes the item in hand and takes no other.
  const jobs: { stop(): Promise<void> }[] = [];
  jobs.push(startHousekeeping({ db: database.db, images, clock }, config.sweepIntervalMs, app.log));
  if (config.mail) {
    // On the app's clock, as the outbox's rows are written (TEST_CLOCK moves both).
    const fromName = async () => (await app.siteSettings()).siteName;
    const mailer = startMailer(
      createMailer(database.db, config.mail, config.publicUrl, app.log, { fromName }, clock),
      app.log,
    );
    const reminders = startPremiumReminders(
      { db: database.db, notifier: app.notifier, clock, graceDays: config.payments.graceDays },
      app.log,
    );
    const briefs =
      database.kind === 'postgres'
        ? startBriefSenderThread({ entry: briefWorkerEntry(import.meta.url) }, app.log)
        : startBriefSender(
            createBriefSender(
              {
                db: database.db,
                clock,
                secret: resolveJwtSecret(config),
                config: { ...config, mail: config.mail },
              },
              app.log,
            ),
            app.log,
          );
    jobs.push(mailer, reminders, briefs);
  }

  const close = (jobsStopped: Promise<unknown>) => {
    setTimeout(() => {
      app.log.warn('requests still open after the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
      setTimeout(() => {
        app.log.warn('background work still under way after the shutdown deadline: exiting; its claims run out');
        process.exit(1);
      }, JOBS_GRACE_MS).unref();
    }, SHUTDOWN_DEADLINE_MS).unref();
    Promise.all([app.close(), jobsStopped])
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      // A load balancer stops an instance with SIGTERM; a person at a terminal (SIGINT) is not kept waiting.
      const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
      app.log.info({ signal, drainMs }, 'shutting down');
      app.draining.start();
      const jobsStopped = Promise.all(jobs.map((job) => job.stop()));
      setTimeout(() => close(jobsStopped), drainMs);
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  ${config.site.name} is running at ${config.publicUrl}\n`);
  if (config.seedDemo) console.log(demoAccountsBanner());
}

main().catch((error: unknown) => {
  // Through the log serializer: a failed start-up query (the admin's insert) must not print its values.
  console.error(error instanceof Error ? serializeError(error).stack : error);
  process.exit(1);
});
