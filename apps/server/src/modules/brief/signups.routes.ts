import {
  BRIEF_LIMITS,
  BriefMeSchema,
  BriefSettingsSchema,
  BriefSubscribeInputSchema,
  BriefSubscribeResultSchema,
  BriefTokenInputSchema,
  HOUR_MS,
} from '@dispatch/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './signups.service.js';

const UnsubscribeResultSchema = z.object({ status: z.literal('unsubscribed') });

/** The daily brief's sign-ups: subscribing and confirming, the reader's settings, and the e-mail's unsubscribe link. */
export function briefSignupRoutes(app: AppInstance, deps: AppDeps) {
  // Per address asked for, whoever asks: a form cannot be used to flood someone's inbox with confirmation links.
  const countSubscribe = app.createRateLimit({
    max: BRIEF_LIMITS.subscribesPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) =>
      `brief-subscribe:${service.subscriberAddress(request.viewer, request.body as { email?: string }) ?? ''}`,
  });

  app.post(
    '/brief/subscribe',
    {
      schema: {
        tags: ['brief'],
        summary:
          "Subscribes to the daily brief: a visitor's address gets a confirmation link; a signed-in reader's verified address is subscribed at once",
        body: BriefSubscribeInputSchema,
        response: { 200: BriefSubscribeResultSchema },
      },
    },
    async (request) => {
      if (deps.config.mail && service.subscriberAddress(request.viewer, request.body)) {
        const counted = await countSubscribe(request);
        if (!counted.isAllowed && counted.isExceeded) throw service.tooManySubscribes();
      }
      return service.subscribe(deps, request.viewer, request.body);
    },
  );

  app.post(
    '/brief/confirm',
    {
      schema: {
        tags: ['brief'],
        summary: "The confirmation e-mail's link: starts the daily brief for the address it was sent to",
        body: BriefTokenInputSchema,
        response: { 200: BriefSubscribeResultSchema },
      },
    },
    (request) => service.confirm(deps, request.body.token),
  );

  app.get(
    '/brief/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['brief'],
        summary: "Your account address's daily brief subscription, or null",
        security: bearer,
        response: { 200: BriefMeSchema },
      },
    },
    (request) => service.getMine(deps, requireViewer(request)),
  );

  app.put(
    '/brief/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['brief'],
        summary: 'Saves the hour, time zone and follows of your daily brief',
        security: bearer,
        body: BriefSettingsSchema,
        response: { 200: BriefMeSchema },
      },
    },
    (request) => service.saveMine(deps, requireViewer(request), request.body),
  );

  app.delete(
    '/brief/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['brief'],
        summary: 'Stops your daily brief (other e-mails are not affected)',
        security: bearer,
        response: { 200: BriefMeSchema },
      },
    },
    (request) => service.unsubscribeMine(deps, requireViewer(request)),
  );

  // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form to the link's
  // address; the form parser is scoped to this route.
  void app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/brief/unsubscribe',
      {
        schema: {
          tags: ['brief'],
          summary:
            "A brief's unsubscribe link, without signing in: the page's button ({token}) or a mail client's RFC 8058 one-click POST (?token=)",
          querystring: z.object({ token: BriefTokenInputSchema.shape.token.optional() }),
          body: BriefTokenInputSchema.partial()
            // Any text the shared rule accepts (no NUL): mail clients write `One-Click`.
            .extend({ 'List-Unsubscribe': BriefTokenInputSchema.shape.token.optional() })
            .optional(),
          response: { 200: UnsubscribeResultSchema },
        },
      },
      (request) => service.unsubscribeByToken(deps, request.body?.token ?? request.query.token),
    );
  });
}
