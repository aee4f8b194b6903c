import {
  MySubscriptionSchema,
  SubscriptionCardInputSchema,
  SubscriptionPortalSchema,
  TestClockInputSchema,
  TestClockSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { abuseLimit, perAccount } from '../../plugins/rate-limit.js';
import { renewDue } from './renewals.js';
import * as stripeBilling from './stripe-subscriptions.js';
import * as service from './subscriptions.service.js';

export function subscriptionRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/subscription',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Your renewing subscription (the current one, or the last); null when you never had one',
        security: bearer,
        response: { 200: MySubscriptionSchema },
      },
    },
    (request) => service.getMySubscription(deps, requireViewer(request)),
  );

  app.post(
    '/subscription/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Cancel: premium runs to the end of the period and nothing more is charged (past due: ends now)',
        security: bearer,
        response: { 200: MySubscriptionSchema },
      },
    },
    (request) => service.cancelSubscription(deps, requireViewer(request)),
  );

  app.post(
    '/subscription/resume',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Resume a cancelled subscription before its period ends: it renews again',
        security: bearer,
        response: { 200: MySubscriptionSchema },
      },
    },
    (request) => service.resumeSubscription(deps, requireViewer(request)),
  );

  app.post(
    '/subscription/card',
    {
      config: {
        access: 'signed-in',
        ...abuseLimit(deps.config.limits, 'paymentConfirmationsPerMinute', perAccount('card')),
      },
      schema: {
        tags: ['payments'],
        summary:
          "Another card on file (the test provider: Stripe's test numbers); a past due renewal is charged at once",
        security: bearer,
        body: SubscriptionCardInputSchema,
        response: { 200: MySubscriptionSchema },
      },
    },
    (request) => service.replaceCard(deps, requireViewer(request), request.body.card),
  );

  app.post(
    '/subscription/portal',
    {
      config: {
        access: 'signed-in',
        ...abuseLimit(deps.config.limits, 'paymentConfirmationsPerMinute', perAccount('portal')),
      },
      schema: {
        tags: ['payments'],
        summary: "Stripe only: a short-lived link to Stripe's customer portal, to change the card of your subscription",
        security: bearer,
        response: { 200: SubscriptionPortalSchema },
      },
    },
    (request) => stripeBilling.subscriptionPortal(deps, requireViewer(request)),
  );

  const testClock = deps.testClock;
  if (!testClock) return;
  app.get(
    '/test-clock',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: "TEST_CLOCK only: the server's clock, moved forward from the real time by the offset",
        security: bearer,
        response: { 200: TestClockSchema },
      },
    },
    () => ({ now: deps.clock().toISOString(), offsetMinutes: testClock.offsetMinutes() }),
  );
  app.post(
    '/test-clock',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: "TEST_CLOCK only: move the server's clock forward, then settle the renewals due by then",
        security: bearer,
        body: TestClockInputSchema,
        response: { 200: TestClockSchema },
      },
    },
    async (request) => {
      testClock.advance(request.body.advanceMinutes);
      await renewDue(deps);
      return { now: deps.clock().toISOString(), offsetMinutes: testClock.offsetMinutes() };
    },
  );
}
