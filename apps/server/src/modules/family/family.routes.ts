import {
  ERROR_CODES,
  FAMILY_MESSAGES,
  FamilyControlsSchema,
  FamilyInvitationPreviewSchema,
  FamilyInvitedSchema,
  FamilyInviteInputSchema,
  FamilyTokenInputSchema,
  FamilyIdParamsSchema,
  FamilyViewSchema,
  invitationMailbox,
  type FamilyInviteInput,
} from '@dispatch/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { AppError, requireUuid } from '../../plugins/errors.js';
import { sharedLimit } from '../../plugins/rate-limit.js';
import * as service from './family.service.js';

const DoneSchema = z.object({ done: z.literal(true) });

/** A family: the owner's invitations and members, a member's leaving, and accepting an invitation. */
export function familyRoutes(app: AppInstance, deps: AppDeps) {
  const signedIn = { access: 'signed-in' as const };
  // Invitation e-mails: the owner's count first, so an address is not charged for a refused owner.
  const perOwner = sharedLimit(
    app,
    deps.config.limits,
    'familyInvitationsPerOwnerPerDay',
    (request) => requireViewer(request).id,
  );
  const perAddress = sharedLimit(app, deps.config.limits, 'familyInvitationsPerAddressPerHour', (request) =>
    invitationMailbox((request.body as FamilyInviteInput).email),
  );
  const countInvitationMail =
    (request: FastifyRequest, reply: FastifyReply): service.CountInvitationMail =>
    async () => {
      for (const [limit, message] of [
        [perOwner, FAMILY_MESSAGES.tooManyInvitationsToday],
        [perAddress, FAMILY_MESSAGES.tooManyInvitationsToAddress],
      ] as const) {
        const wait = await limit(request);
        if (wait) {
          void reply.header('retry-after', wait);
          throw new AppError(ERROR_CODES.tooManyRequests, 429, message);
        }
      }
    };

  app.get(
    '/family',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: 'The family you own (members, invitations, seats) or the one you read with',
        security: bearer,
        response: { 200: FamilyViewSchema },
      },
    },
    (request) => service.getFamily(deps, requireViewer(request)),
  );

  app.post(
    '/family/invitations',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: "Invites an address to the owner's family: a link for 7 days, e-mailed when the site sends mail",
        security: bearer,
        body: FamilyInviteInputSchema,
        response: { 201: FamilyInvitedSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.invite(deps, requireViewer(request), request.body.email, countInvitationMail(request, reply)),
        ),
  );

  app.delete(
    '/family/invitations/:id',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: 'Revokes a waiting invitation: its link stops working',
        security: bearer,
        params: FamilyIdParamsSchema,
        response: { 200: DoneSchema },
      },
    },
    async (request) => {
      await service.revokeInvitation(deps, requireViewer(request), requireUuid(request.params.id, 'Invitation'));
      return { done: true as const };
    },
  );

  app.put(
    '/family/members/:id/controls',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: "Sets a member's parental controls: a young reader, and the tags they do not see",
        security: bearer,
        params: FamilyIdParamsSchema,
        body: FamilyControlsSchema,
        response: { 200: FamilyViewSchema },
      },
    },
    (request) =>
      service.setControls(deps, requireViewer(request), requireUuid(request.params.id, 'Member'), request.body),
  );

  app.delete(
    '/family/members/:id',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: 'Removes a member: their premium from the family ends at once, and they are told',
        security: bearer,
        params: FamilyIdParamsSchema,
        response: { 200: DoneSchema },
      },
    },
    async (request) => {
      await service.removeMember(deps, requireViewer(request), requireUuid(request.params.id, 'Member'));
      return { done: true as const };
    },
  );

  app.post(
    '/family/leave',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: 'Leaves the family you read with',
        security: bearer,
        response: { 200: DoneSchema },
      },
    },
    async (request) => {
      await service.leave(deps, requireViewer(request));
      return { done: true as const };
    },
  );

  app.post(
    '/family/invitations/preview',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: "An invitation's owner and whether your own premium is affected, before you accept",
        security: bearer,
        body: FamilyTokenInputSchema,
        response: { 200: FamilyInvitationPreviewSchema },
      },
    },
    (request) => service.previewInvitation(deps, requireViewer(request), request.body.token),
  );

  app.post(
    '/family/invitations/accept',
    {
      config: signedIn,
      schema: {
        tags: ['family'],
        summary: 'Accepts an invitation: takes a free seat of the family',
        security: bearer,
        body: FamilyTokenInputSchema,
        response: { 200: FamilyViewSchema },
      },
    },
    (request) => service.acceptInvitation(deps, requireViewer(request), request.body.token),
  );
}
