import { PLAN_MESSAGES, SEED_PLANS, TAG_MESSAGES, TAGS, type Tag } from '@dispatch/shared';
import { vi } from 'vitest';

/** One request as the stubbed server received it. */
export interface StubRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, the FormData of a multipart request, or undefined. */
  body: unknown;
}

type Handler = unknown | ((url: URL, request: StubRequest) => unknown);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error shape, as the server answers a non-2xx request. */
export function errorResponse(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ code: 'TEST_ERROR', message, requestId: 'test', ...extra }, status);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function sizeOf(body: unknown): number {
  if (!(body instanceof FormData)) return typeof body === 'string' ? body.length : 0;
  let size = 0;
  body.forEach((value) => {
    size += typeof value === 'string' ? value.length : value.size;
  });
  return size;
}

/**
 * XMLHttpRequest as the HTTP client uses it for multipart requests, answering from the same routes as
 * fetch and reporting upload progress in two steps (half, then all).
 */
function fakeXhrClass(respond: (request: StubRequest) => Promise<Response>) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    readyState = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    #headers = new Headers();
    #aborted = false;

    open(method: string, url: string) {
      this.#method = method.toUpperCase();
      this.#url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers.set(name, value);
    }

    abort() {
      this.#aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      const request: StubRequest = {
        method: this.#method,
        url: new URL(this.#url, 'http://127.0.0.1'),
        headers: this.#headers,
        body: parseBody(body),
      };
      const total = Math.max(sizeOf(body), 1);
      respond(request).then(
        async (response) => {
          if (this.#aborted) return;
          for (const loaded of [total / 2, total]) {
            this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
          }
          this.status = response.status;
          this.responseText = await response.text();
          this.readyState = 4;
          this.onload?.();
        },
        () => {
          if (!this.#aborted) this.onerror?.();
        },
      );
    }
  };
}

/** The tags a new site offers: SPEC's five, each at its lower-case address. */
export const seedTags: Tag[] = TAGS.map((name, index) => ({
  _id: `t${index + 1}`,
  name,
  slug: name.toLowerCase(),
  archived: false,
}));

/**
 * What every stubbed server answers unless a test says otherwise: the plans a new site sells (SEED_PLANS), on
 * `GET /api/plans` and one by one on `GET /api/plans/:id` (a 404 for any other id, as for an archived plan); the
 * tags a new site offers on `GET /api/tags` and `GET /api/tags/:slug`.
 */
function defaultAnswer(request: StubRequest): Response | undefined {
  const { pathname } = request.url;
  if (pathname === '/api/tags') return jsonResponse(seedTags);
  const slug = /^\/api\/tags\/([^/]+)$/.exec(pathname)?.[1];
  if (slug !== undefined) {
    const tag = seedTags.find((candidate) => candidate.slug === decodeURIComponent(slug));
    return tag ? jsonResponse(tag) : errorResponse(404, TAG_MESSAGES.notFound);
  }
  if (pathname === '/api/plans') return jsonResponse({ plans: SEED_PLANS });
  const id = /^\/api\/plans\/([^/]+)$/.exec(pathname)?.[1];
  if (id === undefined) return undefined;
  const plan = SEED_PLANS.find((candidate) => candidate.id === decodeURIComponent(id));
  return plan ? jsonResponse(plan) : errorResponse(404, PLAN_MESSAGES.planUnavailable);
}

/**
 * Stubs the network at the HTTP boundary: each API path answers canned JSON (or a Response, or a
 * promise of either; a handler that throws is a network failure), beside the default answers above. Both fetch and XMLHttpRequest are
 * answered. Returns what a test needs to read which requests were made.
 */
export function stubApi(routes: Record<string, Handler>) {
  const received: StubRequest[] = [];

  async function respond(request: StubRequest): Promise<Response> {
    received.push(request);
    if (!(request.url.pathname in routes)) {
      const fallback = defaultAnswer(request);
      if (fallback) return fallback;
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found', requestId: 'test' }, 404);
    }
    const handler = routes[request.url.pathname];
    const body: unknown =
      typeof handler === 'function'
        ? await (handler as (url: URL, request: StubRequest) => unknown)(request.url, request)
        : handler;
    return body instanceof Response ? body : jsonResponse(body);
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: StubRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: new URL(href, 'http://127.0.0.1'),
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    };
    try {
      return await respond(request);
    } catch {
      throw new TypeError('Failed to fetch');
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(respond));

  /** Every request to one API path (or all of them), in order. */
  const calls = (pathname?: string) => received.filter((request) => !pathname || request.url.pathname === pathname);
  return {
    fetchMock,
    calls,
    /** Every requested URL for one API path, in order. */
    requests: (pathname: string) => calls(pathname).map((request) => request.url),
  };
}
