import {
  BillingHistorySchema,
  BillingQuerySchema,
  ConfirmPaymentInputSchema,
  CreatePaymentIntentInputSchema,
  PaymentIntentSchema,
  PaymentResultSchema,
  PaymentStatusQuerySchema,
  PaymentStatusSchema,
  PAYMENT_MESSAGES,
} from '@dispatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { notFound } from '../../plugins/errors.js';
import { abuseLimit, perAccount } from '../../plugins/rate-limit.js';
import * as service from './payments.service.js';

export function paymentRoutes(app: AppInstance, deps: AppDeps) {
  app.post(
    '/create-payment-intent',
    {
      // Each intent is a row here and, with Stripe, a PaymentIntent on the site's account.
      config: {
        access: 'signed-in',
        ...abuseLimit(deps.config.limits, 'paymentIntentsPerMinute', perAccount('intents')),
      },
      schema: {
        tags: ['payments'],
        summary: "Open a payment for a plan; the amount is the plan's price, whatever the client sends",
        security: bearer,
        body: CreatePaymentIntentInputSchema,
        response: { 200: PaymentIntentSchema },
      },
    },
    (request) => service.createPaymentIntent(deps, requireViewer(request), request.body.planId),
  );

  app.post(
    '/payments/confirm',
    {
      config: {
        access: 'signed-in',
        ...abuseLimit(deps.config.limits, 'paymentConfirmationsPerMinute', perAccount('confirmations')),
      },
      schema: {
        tags: ['payments'],
        summary: "Pay your own intent with a card (the built-in test provider: Stripe's test numbers)",
        security: bearer,
        body: ConfirmPaymentInputSchema,
        response: { 200: PaymentResultSchema },
      },
    },
    (request) => service.confirmTestPayment(deps, requireViewer(request), request.body.clientSecret, request.body.card),
  );

  app.get(
    '/payments/status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Whether your payment has succeeded yet (Stripe confirms through its webhook)',
        security: bearer,
        querystring: PaymentStatusQuerySchema,
        response: { 200: PaymentStatusSchema },
      },
    },
    (request) => service.getPaymentStatus(deps, requireViewer(request), request.query.clientSecret),
  );

  app.get(
    '/payments/history',
    {
      config: { access: 'self-or-admin' },
      schema: {
        tags: ['payments'],
        summary:
          "A reader's premium expiry and payments, newest first (yours when no e-mail is given); that reader or an admin",
        security: bearer,
        querystring: BillingQuerySchema,
        response: { 200: BillingHistorySchema },
      },
    },
    (request) => service.getBillingHistory(deps, request.query.email ?? requireViewer(request).email),
  );

  // Stripe signs the exact bytes it sent, so this route keeps the body raw.
  app.register(async (webhook: FastifyInstance) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/webhooks/stripe',
      { schema: { tags: ['payments'], summary: 'Stripe events, verified by signature; idempotent by event id' } },
      async (request) => {
        const stripe = deps.payments.stripe;
        if (!stripe) throw notFound(PAYMENT_MESSAGES.wrongProvider);
        return service.handleStripeWebhook(
          deps,
          request.log,
          stripe,
          request.body as Buffer,
          request.headers['stripe-signature'] as string | undefined,
        );
      },
    );
  });
}
