/*
 * The CSP forbids eval (script-src 'self'). Zod 4 probes `new Function('')` when it builds its first object
 * schema, to decide whether to compile fast parsers; the probe's error is caught, but Chromium still reports
 * a CSP violation (a console error; Lighthouse's best practices). `jitless` skips the probe. Zod keeps its
 * configuration on this global and adopts one that already exists (zod/v4/core/core.js), so setting it here,
 * before zod loads, is `z.config({ jitless: true })` without putting zod into the first load.
 * main.tsx imports this module first; zod-jitless.test.ts checks that zod takes the setting.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
export {};
