import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.js';
import { createTestContext } from './test/test-app.js';

async function startUpWarnings(trustProxy: string) {
  let logged = '';
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const ctx = await createTestContext({ logStream, env: { LOG_LEVEL: 'warn', TRUST_PROXY: trustProxy } });
  await ctx.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': '203.0.113.9' } });
  await ctx.close();
  return logged
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40 && line.msg.includes('TRUST_PROXY'));
}

describe('TRUST_PROXY=true', () => {
  it('is warned about once at start-up, saying why', async () => {
    const warnings = await startUpWarnings('true');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/any client can pick the address its per-address limits count/);
  });

  it('is not warned about when the proxies are named', async () => {
    expect(await startUpWarnings('10.0.0.0/8')).toEqual([]);
    expect(await startUpWarnings('1')).toEqual([]);
  });

  it('is not what .env.example offers', () => {
    const example = readFileSync(path.join(SERVER_ROOT, '../../.env.example'), 'utf8');
    const lines = example.split('\n').filter((line) => line.includes('TRUST_PROXY'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/TRUST_PROXY=true|\(true,/);
  });
});
