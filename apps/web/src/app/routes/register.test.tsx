import { API_MESSAGES, STORAGE_KEYS, TEXT } from '@dispatch/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { testUser } from '../../test/session';

const V = TEXT.validation;
const photo = () => new File(['png-bytes'], 'me.png', { type: 'image/png' });

async function openRegister(routes: Record<string, unknown> = {}) {
  const api = stubApi({ '/api/config': config, ...routes });
  const view = renderRoute('/register');
  await screen.findByRole('heading', { name: TEXT.auth.registerTitle });
  return { api, ...view, person: userEvent.setup() };
}

async function fill(
  person: ReturnType<typeof userEvent.setup>,
  fields: { name?: string; email?: string; password?: string; image?: File },
) {
  if (fields.name) await person.type(screen.getByLabelText(TEXT.auth.name), fields.name);
  if (fields.email) await person.type(screen.getByLabelText(TEXT.auth.email), fields.email);
  if (fields.password) await person.type(screen.getByLabelText(TEXT.auth.password), fields.password);
  if (fields.image) await person.upload(screen.getByLabelText(TEXT.auth.image), fields.image);
}

const submit = (person: ReturnType<typeof userEvent.setup>) =>
  person.click(screen.getByRole('button', { name: TEXT.auth.register }));

describe('/register validation (docs/product.md#validation)', () => {
  it('asks for every field with its own message, next to it, without calling the server', async () => {
    const { api, person } = await openRegister();

    await submit(person);

    expect(await screen.findByLabelText(TEXT.auth.name)).toHaveAccessibleDescription(V.nameRequired);
    expect(screen.getByLabelText(TEXT.auth.email)).toHaveAccessibleDescription(V.emailRequired);
    expect(screen.getByLabelText(TEXT.auth.password)).toHaveAccessibleDescription(
      `${TEXT.auth.passwordHint} ${V.passwordRequired}`,
    );
    expect(screen.getByLabelText(TEXT.auth.image)).toHaveAccessibleDescription(
      expect.stringContaining(V.imageRequired),
    );
    expect(api.requests(apiPaths.register)).toHaveLength(0);
  });

  it('needs a password of at least 6 characters', async () => {
    const { person } = await openRegister();
    await fill(person, { password: 'Ab#1' });
    await submit(person);
    expect(await screen.findByText(V.passwordMin)).toBeInTheDocument();
  });

  it('needs an uppercase letter, a number and a special character in the password', async () => {
    const { person } = await openRegister();
    for (const weak of ['abcdef1!', 'Abcdefg!', 'Abcdef12']) {
      await person.clear(screen.getByLabelText(TEXT.auth.password));
      await fill(person, { password: weak });
      await submit(person);
      expect(await screen.findByText(V.passwordComplexity)).toBeInTheDocument();
    }
  });

  it('clears a message once the field is right', async () => {
    const { person } = await openRegister();
    await submit(person);
    expect(await screen.findByText(V.nameRequired)).toBeInTheDocument();
    await fill(person, { name: 'Nadia Writer', image: photo() });
    await waitFor(() => expect(screen.queryByText(V.nameRequired)).not.toBeInTheDocument());
    expect(screen.queryByText(V.imageRequired)).not.toBeInTheDocument();
  });
});

describe('/register', () => {
  it('sends the form with the photo, says so, stays signed out and goes to /login with the e-mail filled in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stale');
    const user = testUser({ name: 'Nadia Writer', email: 'nadia@example.com' });
    const { api, person, router } = await openRegister({
      [apiPaths.session]: () => errorResponse(401, API_MESSAGES.sessionExpired),
      [apiPaths.register]: () => new Response(JSON.stringify({ user }), { status: 201 }),
    });
    const image = photo();

    await fill(person, { name: 'Nadia Writer', email: 'Nadia@Example.com', password: 'Writer#2026', image });
    await submit(person);

    expect(await screen.findByText(TEXT.toast.registrationSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The e-mail they just registered with is already in the login form (once it has replaced the register form).
    await waitFor(() => expect(screen.getByLabelText(TEXT.auth.email)).toHaveValue('nadia@example.com'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    const [request] = api.calls(apiPaths.register);
    const form = request?.body as FormData;
    expect(request?.method).toBe('POST');
    expect(form.get('name')).toBe('Nadia Writer');
    expect(form.get('email')).toBe('nadia@example.com');
    expect(form.get('password')).toBe('Writer#2026');
    expect(form.get('image')).toBe(image);
    expect(request?.headers.has('Authorization')).toBe(false);
  });

  it("says 'Error: ' with the server's message and shows its field errors next to the fields", async () => {
    const { person, router } = await openRegister({
      [apiPaths.register]: () =>
        errorResponse(400, 'Upload a JPEG, PNG, WebP, GIF or AVIF image.', {
          code: 'VALIDATION_FAILED',
          fieldErrors: { image: [API_MESSAGES.imageUnsupported] },
        }),
    });

    await fill(person, { name: 'Nadia', email: 'nadia@example.com', password: 'Writer#2026', image: photo() });
    await submit(person);

    expect(await screen.findByText(`Error: ${API_MESSAGES.imageUnsupported}`)).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.auth.image)).toHaveAccessibleDescription(
      expect.stringContaining(API_MESSAGES.imageUnsupported),
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it('says when the e-mail already has an account', async () => {
    const { person } = await openRegister({
      [apiPaths.register]: () => errorResponse(409, API_MESSAGES.emailTaken),
    });

    await fill(person, { name: 'Nadia', email: 'reader@example.com', password: 'Writer#2026', image: photo() });
    await submit(person);

    expect(await screen.findByText(`Error: ${API_MESSAGES.emailTaken}`)).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.auth.email)).toHaveAccessibleDescription(API_MESSAGES.emailTaken);
  });

  it('links to /login', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: TEXT.auth.login })).toHaveAttribute('href', '/login');
  });
});

describe('/register where the site settings make the photo optional', () => {
  it('sends the form without a photo; with SPEC settings the photo stays required', async () => {
    const user = testUser({ name: 'Omar Reader', email: 'omar@example.com' });
    const optional = { ...config, registrationPhoto: 'optional' as const };
    const api = stubApi({
      '/api/config': optional,
      [apiPaths.register]: () => new Response(JSON.stringify({ user }), { status: 201 }),
    });
    renderRoute('/register');
    await screen.findByRole('heading', { name: TEXT.auth.registerTitle });
    const person = userEvent.setup();
    await fill(person, { name: 'Omar Reader', email: 'omar@example.com', password: 'Reader#2026' });
    await submit(person);
    await waitFor(() => expect(api.calls(apiPaths.register)).toHaveLength(1));
    const form = api.calls(apiPaths.register)[0]?.body as FormData;
    expect(form.get('name')).toBe('Omar Reader');
    expect(form.has('image')).toBe(false);
    expect(screen.queryByText(V.imageRequired)).toBeNull();
  });
});
