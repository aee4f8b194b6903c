import {
  AdminTagSchema,
  CreateTagInputSchema,
  IdParamSchema,
  MergeTagInputSchema,
  TagPatchSchema,
  TagSchema,
  TagSlugParamsSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './tags.service.js';

export function tagRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/tags',
    {
      schema: {
        tags: ['tags'],
        summary: 'The tags offered to writers, filters and follows, in order (archived ones left out)',
        response: { 200: z.array(TagSchema) },
      },
    },
    () => service.getActiveTags(deps),
  );

  app.get(
    '/tags/:slug',
    {
      schema: {
        tags: ['tags'],
        summary:
          "The tag whose page is /tags/{slug}: by its slug, an earlier one (renamed or merged: the answer's slug differs) or its name in lower case",
        params: TagSlugParamsSchema,
        response: { 200: TagSchema },
      },
    },
    (request) => service.getTagBySlug(deps, request.params.slug),
  );
}

export function adminTagRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/tags',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every tag, archived ones included, in order, with how many articles (any status) carry it; admin',
        security: bearer,
        response: { 200: z.array(AdminTagSchema) },
      },
    },
    () => service.getAdminTags(deps),
  );

  app.post(
    '/admin/tags',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a tag, placed last (name unique ignoring case; its address a slug of it); admin',
        security: bearer,
        body: CreateTagInputSchema,
        response: { 201: AdminTagSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createTag(deps, requireViewer(request), request.body)),
  );

  app.patch(
    '/admin/tags/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Rename a tag (its articles follow, its old address redirects) or archive or unarchive it; admin',
        security: bearer,
        params: IdParamSchema,
        body: TagPatchSchema,
        response: { 200: AdminTagSchema },
      },
    },
    (request) => service.updateTag(deps, requireViewer(request), request.params.id, request.body),
  );

  app.post(
    '/admin/tags/:id/merge',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Merge a tag into another: its articles, follows and parental controls move, it is removed; admin',
        security: bearer,
        params: IdParamSchema,
        body: MergeTagInputSchema,
        response: { 200: AdminTagSchema },
      },
    },
    (request) => service.mergeTag(deps, requireViewer(request), request.params.id, request.body.into),
  );
}
