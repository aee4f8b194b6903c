import {
  CreatePublisherInputSchema,
  PublisherCountSchema,
  PublisherSchema,
  PublisherSlugParamsSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer } from '../../plugins/auth.js';
import * as service from './publishers.service.js';

export function publisherRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/publishers',
    {
      schema: {
        tags: ['publishers'],
        summary: 'Every publisher, by name',
        response: { 200: z.array(PublisherSchema) },
      },
    },
    () => service.getPublishers(deps),
  );

  app.get(
    '/publishers/:slug',
    {
      schema: {
        tags: ['publishers'],
        summary: 'The publisher whose page is /publishers/{slug}',
        params: PublisherSlugParamsSchema,
        response: { 200: PublisherSchema },
      },
    },
    (request) => service.getPublisherBySlug(deps, request.params.slug),
  );
}

export function adminPublisherRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/dashboard/publishers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every publisher, by name, with how many articles (any status) it has; admin',
        security: bearer,
        response: { 200: z.array(PublisherCountSchema) },
      },
    },
    () => service.getPublisherCounts(deps.db),
  );

  app.post(
    '/dashboard/publishers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a publisher (name unique ignoring case, logo one of our uploads); admin',
        security: bearer,
        body: CreatePublisherInputSchema,
        response: {
          201: z.object({ insertedId: z.string(), acknowledged: z.literal(true), publisher: PublisherSchema }),
        },
      },
    },
    async (request, reply) => {
      const publisher = await service.createPublisher(deps, request.body);
      return reply.code(201).send({ insertedId: publisher._id, acknowledged: true as const, publisher });
    },
  );
}
