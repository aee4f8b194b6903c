import { PublicConfigSchema, type ErrorResponse } from '@dispatch/shared';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('system routes, headers and the web app', () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'dispatch-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SPA shell</title>');
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")'.repeat(200));
    ctx = await createTestContext({
      webDir,
      env: { SITE_NAME: 'The Evening Post', SUPPORT_EMAIL: 'help@post.example', CURRENCY: 'EUR' },
    });
  });
  afterAll(() => ctx.close());

  it('tells the web app its settings and nothing secret', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = PublicConfigSchema.parse(response.json());
    expect(body).toMatchObject({
      siteName: 'The Evening Post',
      supportEmail: 'help@post.example',
      currency: 'eur',
      payments: 'test',
      stripePublishableKey: null,
      googleSignIn: false,
    });
    expect(response.body).not.toMatch(/secret/i);
  });

  it('reports health when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    const body = response.json<ErrorResponse>();
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('sends the security headers, with scripts from self only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('stripe');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves index.html for every non-API path, not cached', async () => {
    for (const url of ['/', '/articles', '/articles/123', '/some/unknown/page?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('SPA shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long cache headers, compressed', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('publishes the OpenAPI description generated from the schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/articles/approved',
        '/api/articles/trending',
        '/api/publishers',
        '/api/stats/users',
      ]),
    );
  });

  it('keeps a request id given by a proxy', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});
