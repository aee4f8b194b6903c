import Provider from 'oidc-provider';
import { createServer, type Server } from 'node:http';

export interface TestIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  [claim: string]: unknown;
}

export const CLIENT = { id: 'dispatch-test', secret: 'dispatch-test-secret-that-is-long-enough' };

/**
 * A real OpenID Connect provider on this machine, standing in for Google. Its development login
 * form accepts any login name; `identities` says who each name is.
 */
export async function startOidcProvider(redirectUri: string, identities: Record<string, TestIdentity>) {
  const server: Server = await new Promise((resolve) => {
    const listening = createServer();
    listening.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const identity = identities[id];
      if (!identity) return undefined;
      return { accountId: id, claims: () => ({ ...identity }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Walks the provider's login and consent forms as a browser would, up to the redirect back to us. */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader() },
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never redirected back');
}
