import { STORAGE_KEYS, TEXT, type UploadResponse } from '@dispatch/shared';
import { apiPaths } from './paths';
import type { liveSchemas } from './live-response-schemas';
import type { firstLoadSchemas } from './response-schemas';

/** What checks an answer: a zod schema, or anything else with its `parse`. */
export interface ResponseSchema<T> {
  parse: (data: unknown) => T;
}

/** A schema loaded on first use, while the request it checks is on its way. */
export class LazySchema<T> {
  constructor(readonly load: () => Promise<ResponseSchema<T>>) {}
}

/** Each schema of a module as what it is to a request: something whose `parse` gives that answer. */
type Parsers<Schemas extends Record<string, ResponseSchema<unknown>>> = {
  [K in keyof Schemas]: ResponseSchema<ReturnType<Schemas[K]['parse']>>;
};
type FirstLoadParsers = Parsers<typeof firstLoadSchemas>;
type LiveParsers = Parsers<typeof liveSchemas>;
const loadFirstLoadSchemas = async () => (await import('./response-schemas')).firstLoadSchemas;

/**
 * One of the schemas of the answers every visit starts with. Code that runs before any lazy route passes
 * these instead of a schema, so that zod is not part of the home page's first-load JavaScript.
 */
export function lazySchema<K extends keyof FirstLoadParsers>(name: K) {
  return new LazySchema(async () => {
    const parsers: FirstLoadParsers = await loadFirstLoadSchemas();
    return parsers[name];
  });
}

/**
 * One of the three answers a signed-in reader's page checks once it is on screen (the role lookup, a view,
 * the bell's count): loaded apart from `lazySchema`'s, so such a page builds these alone.
 */
export function liveSchema<K extends keyof LiveParsers>(name: K) {
  return new LazySchema(async () => {
    const parsers: LiveParsers = (await import('./live-response-schemas')).liveSchemas;
    return parsers[name];
  });
}

export type SchemaSource<T> = ResponseSchema<T> | LazySchema<T>;

function loadSchema<T>(source: SchemaSource<T>): Promise<ResponseSchema<T>> {
  const ready = source instanceof LazySchema ? source.load() : Promise.resolve(source);
  // Awaited once the answer is in; until then a failed load must not count as an unhandled rejection.
  ready.catch(() => undefined);
  return ready;
}

/** Every non-2xx answer, carrying the API's error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: Record<string, string[]>;
    requestId?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.requestId = options.requestId;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/*
 * docs/product.md#who-may-call-what: the token is sent only once auth loading has finished. The auth provider flips this
 * when it knows who the viewer is, so requests made before that never carry a stale token.
 */
let tokenEnabled = false;

/*
 * A request made while a stored token is being checked waits for the answer, so it is asked as the viewer the
 * page is for: lists differ by viewer (a search by access, a young reader's hidden tags,
 * docs/product.md#parental-controls). Pages rendered for this session never wait: their data came with the HTML.
 * Bounded, should the check never end.
 */
const AUTH_WAIT_MS = 10_000;
const waitingForAuth = new Set<() => void>();

export function setAuthTokenEnabled(enabled: boolean): void {
  tokenEnabled = enabled;
  if (!enabled) return;
  for (const resume of waitingForAuth) resume();
  waitingForAuth.clear();
}

function untilAuthSettles(): Promise<void> {
  return new Promise((resolve) => {
    const resume = () => {
      clearTimeout(timer);
      waitingForAuth.delete(resume);
      resolve();
    };
    const timer = setTimeout(resume, AUTH_WAIT_MS);
    waitingForAuth.add(resume);
  });
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(STORAGE_KEYS.token);
    else window.localStorage.setItem(STORAGE_KEYS.token, token);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the session lasts for this page only.
  }
}

/**
 * The Authorization header for a request. `token` is for the one request that must carry a token
 * while auth is still loading: the session lookup that ends the loading.
 */
function authHeaders(headers: Headers, token: string | undefined): void {
  const value = token ?? (tokenEnabled ? readStoredToken() : null);
  if (value) headers.set('Authorization', `Bearer ${value}`);
}

export type QueryValue = string | number | undefined | null;

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends this token even before auth loading has finished (only the session lookup needs it). */
  token?: string;
}

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  const schemas = await loadFirstLoadSchemas().catch(() => null);
  const parsed = schemas?.error.safeParse(body);
  if (parsed?.success) return new ApiError({ status, ...parsed.data });
  return new ApiError({ status, code: 'HTTP_ERROR', message: TEXT.states.loadFailed });
}

/** A message fit to show a person for any failed call: the API's own, or one for a lost connection. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return TEXT.errors.network;
}

/** The one HTTP client: JSON in, JSON out, validated against the shared schema of the answer. */
export async function apiRequest<T>(path: string, schema: SchemaSource<T>, options: RequestOptions = {}): Promise<T> {
  const parser = loadSchema(schema);
  if (!tokenEnabled && options.token === undefined && readStoredToken() !== null) await untilAuthSettles();
  const headers = new Headers({ Accept: 'application/json' });
  authHeaders(headers, options.token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    // The login's device cookie rides on same-origin calls only; fetch's default, said out loud.
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response.status, await response.json().catch(() => null));
  if (response.status === 204) return (await parser).parse(undefined);
  const answer: unknown = await response.json();
  return (await parser).parse(answer);
}

export interface SendFormOptions {
  method?: 'POST' | 'PATCH';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Multipart requests (files). XMLHttpRequest rather than fetch, because only it reports upload
 * progress; the answer is read and validated exactly like apiRequest's.
 */
export function sendForm<T>(
  path: string,
  form: FormData,
  schema: SchemaSource<T>,
  options: SendFormOptions = {},
): Promise<T> {
  const parser = loadSchema(schema);
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    const headers = new Headers({ Accept: 'application/json' });
    authHeaders(headers, undefined);
    headers.forEach((value, key) => xhr.setRequestHeader(key, value));

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      settle();
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        void toApiError(xhr.status, body).then(reject);
        return;
      }
      parser
        .then((checked) => resolve(checked.parse(body)))
        .catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError(TEXT.errors.network));
    };
    xhr.onabort = () => {
      settle();
      reject(options.signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** Stores an image on our server (docs/architecture/uploads.md) and answers the URL forms save. Needs a signed-in viewer. */
export function uploadImage(
  file: File,
  options: Pick<SendFormOptions, 'onProgress' | 'signal'> = {},
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return sendForm(apiPaths.uploads, form, lazySchema('upload'), options);
}
