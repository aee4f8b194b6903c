/**
 * `npm run audit:pages` (docs/decisions/011-page-weight-and-audits.md): Lighthouse and axe-core on
 * the built site, in Debian's Chromium, as the admin so that the login-required pages are audited too.
 *
 *   npm run audit:pages                 # builds, then audits with Lighthouse's desktop and mobile settings
 *   tsx bench/audit-pages.ts --desktop  # on an existing build, desktop only (the gated run)
 *   tsx bench/audit-pages.ts --mobile --pages=/,/articles/:id   # some pages, one form (also /publishers/:id, /tags/:id)
 *   tsx bench/audit-pages.ts --mobile --report-dir=/tmp/lhr      # and keep each Lighthouse report (JSON)
 *
 * Pages are opened as the reader who would open them (anonymous, a signed-in reader, a subscriber on a
 * premium article, the admin), with the session in localStorage and the page cookie, as after a login.
 *
 * Gates, desktop and mobile (Lighthouse's default: a mid-range phone, 4x slower CPU, slow 4G, simulated):
 * performance >= 95, accessibility, best practices and SEO = 100, no axe violation in the light or the
 * dark theme; on mobile also
 * LCP <= 1.5 s, TBT <= 150 ms, CLS <= 0.05.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { FONTS_COOKIE, TAGS, tagSlug } from '@dispatch/shared';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const ADMIN = { email: 'editor@dispatch.test', password: 'Editor#2026' };
const READER = { email: 'reader@example.com', password: 'Reader#2026' };
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Premium#2026' };
const MOBILE_TARGETS = { lcpMs: 1500, tbtMs: 150, cls: 0.05 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const desktopOnly = process.argv.includes('--desktop');
const mobileOnly = process.argv.includes('--mobile');
/** `--pages=/,/articles`: audit only these (an article page is named `/articles/:id`). */
const onlyPages = process.argv
  .find((arg) => arg.startsWith('--pages='))
  ?.slice('--pages='.length)
  .split(',');
/** `--report-dir=path`: also writes each Lighthouse report (JSON) there, to study a page's requests and timings. */
const reportDir = process.argv.find((arg) => arg.startsWith('--report-dir='))?.slice('--report-dir='.length);

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[] }[];
}

type Viewer = 'anonymous' | 'reader' | 'subscriber' | 'admin';

interface PageResult {
  page: string;
  viewer: Viewer;
  form: 'desktop' | 'mobile';
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
  /** Axe in the light and the dark theme (desktop rows only). */
  axe: { light: AxeViolation[]; dark: AxeViolation[] } | null;
  scriptKb: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** The LCP element and where its time went (Lighthouse's breakdown: TTFB, load delay, load time, render delay). */
  lcp: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(origin: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${origin}/api/health/live`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start within 120 s:\n${log()}`);
}

async function api<T>(origin: string, pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${origin}${pathname}`, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Lighthouse in the already-open Chromium (same profile, so the stored token is kept), with a cold cache. */
async function runLighthouse(
  context: BrowserContext,
  debuggingPort: number,
  url: string,
  form: 'desktop' | 'mobile',
  privatePage: boolean,
  viewer: Viewer,
): Promise<Omit<PageResult, 'page' | 'axe' | 'viewer'>> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await blank.close();
  // A first visit: a cold cache, so no cookie saying the web fonts are cached (the earlier audits set it).
  await context.clearCookies({ name: FONTS_COOKIE });

  const flags: Flags = {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    // Keeps localStorage (the admin's token); the cache was cleared above instead.
    disableStorageReset: true,
    onlyCategories: [...CATEGORIES],
  };
  const config: Config | undefined = form === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  // A login-required page is kept out of search on purpose (robots.txt, noindex): "is crawlable" is not counted.
  const counted = (id: string, ref: { id: string }) => !(privatePage && id === 'seo' && ref.id === 'is-crawlable');
  const scoreOf = (id: (typeof CATEGORIES)[number]) => {
    const refs = (lhr.categories[id]?.auditRefs ?? []).filter((ref) => counted(id, ref) && ref.weight > 0);
    if (refs.length === 0 || id === 'performance') return lhr.categories[id]?.score ?? 0;
    const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
    return refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0) / weight;
  };
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round(scoreOf(id) * 100)]),
  ) as PageResult['scores'];
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      if (!counted(id, ref)) continue;
      const audit = lhr.audits[ref.id];
      // Only what counts towards the score: Lighthouse's insights and diagnostics carry no weight.
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      // Performance: the metrics; one scoring 0.9 or more is "good".
      if (id === 'performance' && audit.score >= 0.9) continue;
      failing.push(`${id}/${ref.id} (${audit.displayValue ?? audit.score})${describeItems(audit.details)}`);
    }
  }
  const summary = lhr.audits['resource-summary']?.details as {
    items?: { resourceType: string; transferSize: number }[];
  };
  const script = summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const metrics = {
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
  if (reportDir) {
    // One page may be audited for two viewers (an article as anonymous and as a reader): each its own file.
    const name = `${form}-${viewer}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
    await writeFile(path.join(reportDir, name), JSON.stringify(lhr));
  }
  return { form, scores, failing, scriptKb: script / 1000, metrics, lcp: describeLcp(lhr.audits) };
}

/** The LCP element's snippet and its phases, from the `largest-contentful-paint-element` audit's tables. */
function describeLcp(audits: Record<string, { details?: unknown }>): string {
  const tables =
    (audits['largest-contentful-paint-element']?.details as { items?: { items?: Record<string, unknown>[] }[] })
      ?.items ?? [];
  const element = (tables[0]?.items?.[0]?.node as { snippet?: string } | undefined)?.snippet ?? 'unknown element';
  const phases = (tables[1]?.items ?? []).map(
    (phase) => `${String(phase.phase)} ${Math.round(Number(phase.timing))} ms`,
  );
  return `${element.slice(0, 140)}${phases.length > 0 ? ` — ${phases.join(', ')}` : ''}`;
}

/** A hint of where a failing audit failed: its first few items' element, URL or issue. */
function describeItems(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const hints = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const subItems = (item.subItems as { items?: { url?: string; sourceLocation?: { url?: string } }[] } | undefined)
      ?.items;
    const hint = node?.snippet ?? item.issueType ?? item.url ?? item.source ?? item.text ?? item.description;
    const where = subItems?.[0]?.url ?? subItems?.[0]?.sourceLocation?.url ?? '';
    return `${String(hint ?? JSON.stringify(item)).slice(0, 160)}${where ? ` @ ${where}` : ''}`;
  });
  return hints.length > 0 ? `: ${hints.join(' | ')}` : '';
}

/** Axe on the page as the system's light or dark setting shows it (the theme follows it). */
async function runAxe(context: BrowserContext, url: string, colorScheme: 'light' | 'dark'): Promise<AxeViolation[]> {
  const page = await context.newPage();
  try {
    await page.emulateMedia({ colorScheme });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The page is done when its loading placeholders are gone.
    await page
      .waitForFunction('!document.querySelector(\'[role="status"], .animate-pulse\')', null, { timeout: 10_000 })
      .catch(() => undefined);
    // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') does not apply to it.
    await page.evaluate(readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    return await page.evaluate(async () => {
      const axe = (
        globalThis as unknown as { axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const { violations } = await axe.run({ resultTypes: ['violations'] });
      return violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    });
  } finally {
    await page.close();
  }
}

function printTable(results: PageResult[]): void {
  const header = [
    'page',
    'viewer',
    'form',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'axe light / dark',
    'JS kB',
  ];
  const rows = results.map((result) => [
    result.page,
    result.viewer,
    result.form,
    ...CATEGORIES.map((id) => String(result.scores[id])),
    (result.metrics.fcpMs / 1000).toFixed(2),
    (result.metrics.lcpMs / 1000).toFixed(2),
    result.metrics.tbtMs.toFixed(0),
    result.metrics.cls.toFixed(3),
    result.axe === null ? '-' : `${result.axe.light.length} / ${result.axe.dark.length}`,
    result.scriptKb.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log('(JS kB: script bytes transferred for the page, from Lighthouse; gzip on the wire)');
  for (const result of results) console.log(`  ${result.page} [${result.form}] LCP: ${result.lcp}`);
  for (const result of results) {
    for (const failing of result.failing) console.log(`  ${result.page} [${result.form}] lighthouse ${failing}`);
    for (const theme of ['light', 'dark'] as const) {
      for (const violation of result.axe?.[theme] ?? []) {
        const target = violation.nodes[0]?.target.join(' ') ?? '';
        console.log(
          `  ${result.page} axe (${theme}) ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes) e.g. ${target}`,
        );
      }
    }
  }
}

async function main(): Promise<void> {
  for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  if (reportDir) await mkdir(reportDir, { recursive: true });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  const [port, debuggingPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-audit-data-'));
  const profileDir = await mkdtemp(path.join(tmpdir(), 'dispatch-audit-profile-'));
  let output = '';
  // The embedded database and in-process caches, whatever this shell points at.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let context: BrowserContext | undefined;
  try {
    await waitForServer(origin, server, () => output);
    const tokens: Record<Viewer, string | null> = { anonymous: null, reader: null, subscriber: null, admin: null };
    for (const [viewer, account] of [
      ['reader', READER],
      ['subscriber', SUBSCRIBER],
      ['admin', ADMIN],
    ] as const) {
      tokens[viewer] = (
        await api<{ token: string }>(origin, '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        })
      ).token;
    }
    const approved = await api<{ articles: { _id: string; isPremium: boolean }[] }>(origin, '/api/articles/approved');
    const article = approved.articles.find((candidate) => !candidate.isPremium);
    const premium = approved.articles.find((candidate) => candidate.isPremium);
    if (!article || !premium) throw new Error('the demo content has no approved free and premium article');
    const [publisher] = await api<{ slug: string }[]>(origin, '/api/publishers');
    if (!publisher) throw new Error('the demo content has no publisher');
    const [tag] = TAGS;

    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
        `--remote-debugging-port=${debuggingPort}`,
      ],
    });
    const first = context.pages()[0] ?? (await context.newPage());
    await first.goto(`${origin}/forbidden`);
    /** Signs this browser in as a login would: the token in localStorage and the page cookie. */
    async function actAs(viewer: Viewer) {
      const token = tokens[viewer];
      await context!.clearCookies();
      await first.evaluate(
        token ? `localStorage.setItem('token', ${JSON.stringify(token)})` : `localStorage.removeItem('token')`,
      );
      if (token) await context!.addCookies([{ name: 'dispatch_page', value: token, url: origin, httpOnly: true }]);
    }

    const pages: { page: string; viewer: Viewer; privatePage?: boolean }[] = [
      { page: '/', viewer: 'anonymous' },
      { page: '/articles', viewer: 'anonymous' },
      // Where a link to an article takes a visitor without an account: /login.
      { page: `/articles/${article._id}`, viewer: 'anonymous' },
      { page: `/articles/${article._id}`, viewer: 'reader' },
      { page: `/articles/${premium._id}`, viewer: 'subscriber' },
      { page: `/publishers/${publisher.slug}`, viewer: 'anonymous' },
      { page: `/tags/${tagSlug(tag)}`, viewer: 'anonymous' },
      { page: '/subscription', viewer: 'reader', privatePage: true },
      { page: '/dashboard', viewer: 'admin', privatePage: true },
    ];
    const forms: ('desktop' | 'mobile')[] = desktopOnly ? ['desktop'] : mobileOnly ? ['mobile'] : ['desktop', 'mobile'];
    const results: PageResult[] = [];
    const named = (page: string) =>
      page.replace(/^\/(articles|publishers|tags)\/.+$/, (_, kind: string) => `/${kind}/:id`);
    for (const { page, viewer, privatePage = false } of pages.filter(
      ({ page }) => !onlyPages || onlyPages.includes(named(page)),
    )) {
      const url = `${origin}${page}`;
      await actAs(viewer);
      const axe = { light: await runAxe(context, url, 'light'), dark: await runAxe(context, url, 'dark') };
      for (const form of forms) {
        process.stdout.write(`auditing ${page} as ${viewer} (${form})...\n`);
        results.push({
          page,
          viewer,
          axe: form === 'desktop' ? axe : null,
          ...(await runLighthouse(context, debuggingPort, url, form, privatePage, viewer)),
        });
      }
    }
    printTable(results);

    const missed = results.filter(
      (result) =>
        CATEGORIES.some((id) => result.scores[id] < TARGETS[id]) ||
        (result.axe?.light.length ?? 0) + (result.axe?.dark.length ?? 0) > 0 ||
        (result.form === 'mobile' &&
          (result.metrics.lcpMs > MOBILE_TARGETS.lcpMs ||
            result.metrics.tbtMs > MOBILE_TARGETS.tbtMs ||
            result.metrics.cls > MOBILE_TARGETS.cls)),
    );
    console.log(
      missed.length === 0
        ? '\nAll targets met (performance >= 95, the other categories 100, no axe violation; mobile LCP <= 1.5 s, TBT <= 150 ms, CLS <= 0.05).'
        : `\nTargets missed on: ${missed.map((result) => `${result.page} (${result.viewer}, ${result.form})`).join(', ')}`,
    );
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await context?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
