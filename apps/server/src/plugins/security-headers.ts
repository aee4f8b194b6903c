import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * What an answer that follows its reader is sent with: every API answer unless its route says otherwise (premium
 * text among them, a reader's meter, a gift link's article; none carries a validator to revalidate a copy with),
 * and a signed-in reader's page.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const STRIPE_SCRIPT_HOSTS = ['https://js.stripe.com'];
const STRIPE_FRAME_HOSTS = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT_HOSTS = ['https://api.stripe.com'];

/**
 * docs/conventions.md#web-conventions: scripts from 'self' only; Stripe's hosts only when Stripe takes payments.
 * helmet's middleware is built once here: @fastify/helmet rebuilds it (and re-parses the policy)
 * on every request, which cost a few percent of every answer (docs/decisions/010).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const stripe = config.payments.provider === 'stripe';
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SCRIPT_HOSTS : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_CONNECT_HOSTS : [])],
        frameSrc: stripe ? STRIPE_FRAME_HOSTS : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Google sign-in popup hands its token back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && reply.getHeader('cache-control') === undefined) {
      void reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
  });
}
