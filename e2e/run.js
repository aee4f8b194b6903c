// Runs the browser journeys against the built app, or says loudly why it could not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(
    `\n!!! BROWSER JOURNEYS SKIPPED: no Chromium at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH) and run \`npm run test:e2e\`. !!!\n`,
  );
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
