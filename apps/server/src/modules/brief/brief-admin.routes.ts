import {
  BriefArchiveQuerySchema,
  BriefArchiveSchema,
  BriefPreviewQuerySchema,
  BriefPreviewSchema,
  BriefSendListSchema,
  BriefSpecialInputSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './brief-admin.service.js';

/** The brief's editor routes (preview, test, special edition, sends) and the public archive of past briefs. */
export function briefSendRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/brief/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['brief'],
        summary: "Today's brief as a subscriber would get it; without an e-mail, the admin's own with every follow",
        security: bearer,
        querystring: BriefPreviewQuerySchema,
        response: { 200: BriefPreviewSchema },
      },
    },
    (request) => service.previewBrief(deps, requireViewer(request), request.query.email || undefined),
  );

  app.post(
    '/admin/brief/test',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['brief'],
        summary: "Sends the admin's own preview to the admin's address now",
        security: bearer,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    (request) => service.sendTestBrief(deps, requireViewer(request)),
  );

  app.post(
    '/admin/brief/special',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['brief'],
        summary: 'One approved article now, to every active subscriber of the audience',
        security: bearer,
        body: BriefSpecialInputSchema,
        response: { 200: z.object({ queued: z.number().int() }) },
      },
    },
    (request) => service.queueSpecialEdition(deps, requireViewer(request), request.body),
  );

  app.get(
    '/admin/brief/sends',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['brief'],
        summary: 'The newest 30 sends with their delivery counts, and subscribers by status',
        security: bearer,
        response: { 200: BriefSendListSchema },
      },
    },
    () => service.listSends(deps),
  );

  app.get(
    '/briefs',
    {
      schema: {
        tags: ['brief'],
        summary: 'Past daily briefs, newest first: the articles approved each day, premium ones as teasers',
        querystring: BriefArchiveQuerySchema,
        response: { 200: BriefArchiveSchema },
      },
    },
    (request) => service.listArchive(deps, request.viewer, request.query.page),
  );
}
