import {
  AdminPlanListSchema,
  AdminPlanSchema,
  IdParamSchema,
  PlanInputSchema,
  PlanListSchema,
  PlanOrderInputSchema,
  PlanPatchSchema,
  PlanSchema,
} from '@dispatch/shared';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { bearer, requireViewer } from '../../plugins/auth.js';
import * as service from './plans.service.js';

export function planRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans on sale, in order (prices in major units, in the currency charged)',
        response: { 200: PlanListSchema },
      },
    },
    () => service.getListedPlans(deps),
  );

  app.get(
    '/plans/:id',
    {
      schema: {
        tags: ['plans'],
        summary: 'A plan on sale: listed, or sold only by its link; an archived plan is not found',
        params: IdParamSchema,
        response: { 200: PlanSchema },
      },
    },
    (request) => service.getPlanForSale(deps, request.params.id),
  );
}

export function adminPlanRoutes(app: AppInstance, deps: AppDeps) {
  app.get(
    '/admin/plans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every plan, archived ones included, in order, with purchases and readers holding access; admin',
        security: bearer,
        response: { 200: AdminPlanListSchema },
      },
    },
    () => service.getAdminPlans(deps),
  );

  app.post(
    '/admin/plans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a plan, placed last; its id is a slug of its name; admin',
        security: bearer,
        body: PlanInputSchema,
        response: { 201: AdminPlanSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createPlan(deps, requireViewer(request), request.body)),
  );

  app.put(
    '/admin/plans/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reorder the plans: every plan id exactly once; admin',
        security: bearer,
        body: PlanOrderInputSchema,
        response: { 200: AdminPlanListSchema },
      },
    },
    (request) => service.reorderPlans(deps, requireViewer(request), request.body.ids),
  );

  app.patch(
    '/admin/plans/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Change any part of a plan (archive it: visibility archived); earlier buyers keep what they bought; admin',
        security: bearer,
        params: IdParamSchema,
        body: PlanPatchSchema,
        response: { 200: AdminPlanSchema },
      },
    },
    (request) => service.updatePlan(deps, requireViewer(request), request.params.id, request.body),
  );
}
