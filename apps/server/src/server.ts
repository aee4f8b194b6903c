import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createImageStore } from './modules/uploads/image-store.js';
import { ensureAdmin, seedDemoContent } from './seed/seed.js';

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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const images = createImageStore(config.uploadsDir);
  const app = await buildApp({ config, db: database.db, images });

  await ensureAdmin(database.db, images, config, app.log);
  if (config.seedDemo) {
    await seedDemoContent(database.db, images, new Date(), app.log);
    if (config.env === 'production') {
      app.log.warn('SEED_DEMO is on in production: the demo readers and their README passwords exist on this site');
    }
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app
        .close()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  ${config.site.name} is running at ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
