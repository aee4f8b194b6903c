import {
  ChangePasswordInputSchema,
  ChangePasswordResponseSchema,
  LoginInputSchema,
  LoginResponseSchema,
  RegisterFieldsSchema,
  SessionResponseSchema,
  TEXT,
  UserSchema,
} from '@dispatch/shared';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { badRequest } from '../../plugins/errors.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import { readMultipartForm } from '../../plugins/multipart.js';
import { clearPageSession, setPageSession } from '../../plugins/page-session.js';
import { abuseLimit } from '../../plugins/rate-limit.js';
import { addressBucket } from '../../plugins/client-address.js';
import * as service from './auth.service.js';
import { createKnownDevices, readDeviceCookie, setDeviceCookie } from './known-device.js';
import { getSiteSettings } from '../settings/settings.service.js';

export function authRoutes(app: AppInstance, deps: AppDeps) {
  const secure = deps.config.publicUrl.startsWith('https://');
  const devices = createKnownDevices(deps.secret, deps.clock);
  app.post(
    '/auth/register',
    {
      config: abuseLimit(deps.config.limits, 'registrationsPerHour'),
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (multipart: name, email, password, image; the image optional where the site settings say). Does not log in.',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ user: UserSchema }) },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request);
      const parsed = RegisterFieldsSchema.safeParse(form.fields);
      const fieldErrors: Record<string, string[]> = parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
      const image = form.files.image;
      // SPEC's photo is required unless the site settings make it optional (docs/product.md#site-settings).
      const photoRequired = (await getSiteSettings(deps)).registrationPhoto === 'required';
      if (!image && photoRequired) fieldErrors.image = [TEXT.validation.imageRequired];
      if (!parsed.success || (!image && photoRequired)) {
        const first = Object.values(fieldErrors)[0]![0]!;
        throw badRequest(first, fieldErrors);
      }
      const user = await service.register(deps, parsed.data, image);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginInputSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const deviceId = devices.recognise(readDeviceCookie(request), request.body.email);
      const answer = await service.login(deps, request.body, { address: addressBucket(request.ip), deviceId });
      setPageSession(reply, await service.pageCredentialFor(deps, answer.token), secure);
      setDeviceCookie(reply, devices.issue(request.body.email, deviceId), secure);
      return answer;
    },
  );

  app.get(
    '/auth/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or 401',
        security: bearer,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await service.getSessionUser(deps, requireViewer(request));
      // A session from before the page cookie existed, or from Google sign-in, gets it here.
      const token = request.headers.authorization?.slice('Bearer '.length).trim();
      if (token) setPageSession(reply, await service.pageCredentialFor(deps, token), secure);
      return { user };
    },
  );

  app.post(
    '/auth/password',
    {
      config: {
        access: 'signed-in',
        ...abuseLimit(
          deps.config.limits,
          'passwordChangesPerHour',
          (request) => `password:${request.viewer?.id ?? ''}`,
        ),
      },
      schema: {
        tags: ['auth'],
        summary:
          'Change your password: the current one is required, the new one follows the registration rule. Your other sessions end; this one stays.',
        security: bearer,
        body: ChangePasswordInputSchema,
        response: { 200: ChangePasswordResponseSchema },
      },
    },
    (request) => service.changePassword(deps, requireViewer(request), request.body),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'End this session: its token stops working at once',
        security: bearer,
      },
    },
    async (request, reply) => {
      await service.logout(deps, requireViewer(request));
      clearPageSession(reply, secure);
      return reply.code(204).send();
    },
  );
}
