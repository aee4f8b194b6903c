// The API as journeys use it to set the scene: accounts logged in, articles submitted and approved.
import { expect } from 'vitest';
import { pngFile } from './actions.js';
import { stack } from './stack.js';

const baseUrl = () => stack().baseUrl;

/** A session's token, and the page cookie a browser would hold with it. */
export async function apiLogin(account: { email: string; password: string }) {
  const response = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('dispatch_page='))!;
  return { token: ((await response.json()) as { token: string }).token, cookie: cookie.split(';')[0]! };
}

export async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

/** An article submitted by `token`'s account (pending review), with an uploaded image. */
export async function submittedArticle(
  token: string,
  { tags = ['Politics'], ...fields }: { title: string; description: string; imageCaption?: string; tags?: string[] },
) {
  const form = new FormData();
  const png = await pngFile('story.png', '#884422');
  form.append('image', new Blob([new Uint8Array(png.buffer)], { type: 'image/png' }), 'story.png');
  const upload = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { url: image } = (await upload.json()) as { url: string };
  const publisher = ((await (await fetch(`${baseUrl()}/api/publishers`)).json()) as { name: string }[])[0]!.name;
  const { insertedId } = (await api(token, 'POST', '/api/articles', {
    ...fields,
    image,
    publisher,
    tags,
  })) as { insertedId: string };
  return insertedId;
}

/** An article submitted by `token`'s account and approved by the editor. */
export async function approvedArticle(
  token: string,
  editorToken: string,
  fields: { title: string; description: string; imageCaption?: string; tags?: string[] },
) {
  const id = await submittedArticle(token, fields);
  await api(editorToken, 'PATCH', `/api/articles/approve/${id}`);
  return id;
}
