// Runs the browser journeys against the built app, or says loudly why it could not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The server-rendered pages are read over plain HTTP: they are tested with or without a browser.
const args = [...process.argv.slice(2)];
if (!existsSync(chromium)) {
  console.log(
    `\n!!! BROWSER JOURNEYS SKIPPED: no Chromium at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH) and run \`npm run test:e2e\`. Only the HTTP tests of the pages run. !!!\n`,
  );
  args.push('e2e/pages.e2e.ts');
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
