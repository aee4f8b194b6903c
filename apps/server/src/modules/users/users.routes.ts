import {
  EmailParamSchema,
  GrantPremiumInputSchema,
  IdParamSchema,
  PremiumAccessSchema,
  RoleQuerySchema,
  RoleRecordSchema,
  UpdateProfileInputSchema,
  UserPageSchema,
  UserSchema,
  UsersQuerySchema,
  UserStatsSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { requireUuid } from '../../plugins/errors.js';
import * as service from './users.service.js';

export function userRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/stats/users',
    { schema: { tags: ['users'], summary: 'Account counts for the home page', response: { 200: UserStatsSchema } } },
    () => service.getUserStats(deps),
  );

  app.get(
    '/users/role',
    {
      config: { access: 'self-or-admin' },
      schema: {
        tags: ['users'],
        summary: "A user's role and premium expiry (yours when no e-mail is given); that user or an admin",
        security: bearer,
        querystring: RoleQuerySchema,
        response: { 200: RoleRecordSchema },
      },
    },
    (request) => {
      const viewer = requireViewer(request);
      const email = request.query.email ?? viewer.email;
      // Asked on every page a reader opens: their own comes from their session, an admin's look-up from the rows.
      return email === viewer.email ? service.viewerRoleRecord(deps, viewer) : service.getRoleRecord(deps, email);
    },
  );

  app.get(
    '/users/access',
    {
      config: { access: 'self-or-admin' },
      schema: {
        tags: ['users'],
        summary:
          "A reader's premium access: until when, from a pass or an admin's grant, the plan bought and its premium articles; that reader or an admin",
        security: bearer,
        querystring: RoleQuerySchema,
        response: { 200: PremiumAccessSchema },
      },
    },
    (request) => service.getPremiumAccess(deps, request.query.email ?? requireViewer(request).email),
  );

  app.get(
    '/user/:email',
    {
      config: { access: 'self-or-admin' },
      schema: {
        tags: ['users'],
        summary: "A user's profile; that user or an admin",
        security: bearer,
        params: EmailParamSchema,
        response: { 200: UserSchema },
      },
    },
    (request) => service.getProfile(db, request.params.email),
  );

  app.patch(
    '/users/:email',
    {
      config: { access: 'self-or-admin' },
      schema: {
        tags: ['users'],
        summary: 'Change name and photo; that user or an admin. The e-mail cannot change.',
        security: bearer,
        params: EmailParamSchema,
        body: UpdateProfileInputSchema,
        response: { 200: UserSchema },
      },
    },
    (request) => service.updateProfile(deps, request.params.email, request.body),
  );
}

export function adminUserRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every account, newest first, 5 a page; admin',
        security: bearer,
        querystring: UsersQuerySchema,
        response: { 200: UserPageSchema },
      },
    },
    (request) => service.listUsers(deps.db, request.query),
  );

  app.patch(
    '/users/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make a user an admin; admin',
        security: bearer,
        params: IdParamSchema,
        response: { 200: UserSchema },
      },
    },
    (request) => service.promoteToAdmin(deps, requireViewer(request), requireUuid(request.params.id, 'That user')),
  );

  app.patch(
    '/users/premium/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "An admin's complimentary premium until a date, or the reader's own later expiry; recorded. Readers buy premium through payments.",
        security: bearer,
        params: EmailParamSchema,
        body: GrantPremiumInputSchema,
        response: { 200: UserSchema },
      },
    },
    (request) =>
      service.grantPremium(deps, requireViewer(request), request.params.email, new Date(request.body.premiumTaken)),
  );
}
