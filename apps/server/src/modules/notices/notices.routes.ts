import {
  MailPreferencesInputSchema,
  MailPreferencesSchema,
  MarkReadInputSchema,
  NoticeListQuerySchema,
  NoticeListSchema,
  UnreadCountSchema,
  UnsubscribeInputSchema,
  UnsubscribeResultSchema,
  VerificationSentSchema,
  VerifyEmailInputSchema,
  VerifyEmailResultSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './notices.service.js';

export function noticeRoutes(app: AppInstance, deps: AppDeps) {
  const { db, config, mailTokens } = deps;

  app.get(
    '/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "Your newest notices (the bell's list) and how many are unread",
        security: bearer,
        querystring: NoticeListQuerySchema,
        response: { 200: NoticeListSchema },
      },
    },
    (request) => service.listNotices(db, requireViewer(request).id, request.query.limit),
  );

  app.get(
    '/notifications/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notices are unread (the count on the bell)',
        security: bearer,
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ unread: await service.countUnread(db, requireViewer(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks your notices read, up to the one named (all without one)',
        security: bearer,
        body: MarkReadInputSchema,
        response: { 200: UnreadCountSchema },
      },
    },
    (request) => service.markRead(db, requireViewer(request).id, deps.clock(), request.body.upTo),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'What you are e-mailed about',
        security: bearer,
        response: { 200: MailPreferencesSchema },
      },
    },
    (request) => service.getPreferences(db, config, requireViewer(request).id),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Choose the kinds of notice you are not e-mailed about',
        security: bearer,
        body: MailPreferencesInputSchema,
        response: { 200: MailPreferencesSchema },
      },
    },
    (request) => service.setPreferences(db, config, requireViewer(request).id, request.body.optOuts),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: "An e-mail's unsubscribe link: stops that kind of e-mail for the person it was sent to",
        body: UnsubscribeInputSchema,
        response: { 200: UnsubscribeResultSchema },
      },
    },
    (request) => service.unsubscribe(db, mailTokens, request.body.token),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Sends a new link to verify your e-mail address (one every 10 minutes)',
        security: bearer,
        response: { 200: VerificationSentSchema },
      },
    },
    (request) => service.resendVerification(deps, requireViewer(request).id),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: "The welcome e-mail's link: proves the address belongs to the account",
        body: VerifyEmailInputSchema,
        response: { 200: VerifyEmailResultSchema },
      },
    },
    (request) => service.verifyEmail(db, mailTokens, request.body.token, deps.clock()),
  );
}
