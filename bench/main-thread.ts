/**
 * How long a page blocks a slow phone's main thread, measured in Chromium itself rather than simulated:
 * the CPU slowed four times (as Lighthouse's phone), each load in a fresh profile, the long tasks the page
 * reports (PerformanceObserver 'longtask') until 2.5 s after it is hydrated, summed as TBT sums them
 * (each task's time past 50 ms). Steadier than Lighthouse's simulation for comparing two builds on a busy
 * machine; run both against servers on the same machine, alternately (docs/decisions/033-hydration-in-short-tasks.md).
 *
 *   tsx bench/main-thread.ts --origin=http://127.0.0.1:3000 --as=reader /articles/<id> /
 *
 * The server must hold the demo content (`SEED_DEMO=true`, the default of `npm start`): `--as` signs in as
 * the demo reader, subscriber or admin, as after a login (the token in localStorage and the page cookie).
 * The admin is the one `audit-pages.ts` uses: start the server with ADMIN_EMAIL=editor@dispatch.test and
 * ADMIN_PASSWORD=Editor#2026 for `--as=admin`.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ACCOUNTS = {
  reader: { email: 'reader@example.com', password: 'Reader#2026' },
  subscriber: { email: 'subscriber@example.com', password: 'Premium#2026' },
  admin: { email: 'editor@dispatch.test', password: 'Editor#2026' },
};
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2_500;
const LONG_TASK_MS = 50;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:3000' },
    as: { type: 'string', default: 'anonymous' },
    runs: { type: 'string', default: '5' },
  },
});
const origin = values.origin!;
const runs = Number(values.runs);
const paths = positionals.length > 0 ? positionals : ['/'];

async function tokenFor(who: string): Promise<string | null> {
  if (who === 'anonymous') return null;
  const account = ACCOUNTS[who as keyof typeof ACCOUNTS];
  if (!account) throw new Error(`--as takes anonymous, reader, subscriber or admin, not ${who}`);
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login as ${who}: ${response.status} (is the demo content seeded?)`);
  return ((await response.json()) as { token: string }).token;
}

const token = await tokenFor(values.as!);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
console.log(
  `${values.as}, CPU ${CPU_SLOWDOWN}x slower, ${runs} loads a page: blocking time (ms) past ${LONG_TASK_MS} ms`,
);
for (const pathname of paths) {
  const blocking: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (token) {
      await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
      await context.addCookies([{ name: 'dispatch_page', value: token, url: origin, httpOnly: true }]);
    }
    // A string: the bench's TypeScript has no DOM types.
    await context.addInitScript(`
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    `);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${pathname}`, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const tasks = await page.evaluate<number[]>('window.longTasks');
    blocking.push(Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0)));
    await context.close();
  }
  const sorted = [...blocking].sort((a, b) => a - b);
  console.log(`${pathname}  median ${sorted[Math.floor(sorted.length / 2)]}  (${sorted.join(', ')})`);
}
await browser.close();
