import { RoleRecordSchema, UnreadCountSchema, ViewsResponseSchema } from '@dispatch/shared';

/**
 * The schemas of the answers a signed-in reader's page asks for once it is on screen (the role lookup, a
 * view, the bell's count). Loaded through `liveSchema`, apart from `lazySchema`'s `firstLoadSchemas`: an
 * article page then builds these three, not every schema of the first load.
 */
export const liveSchemas = {
  role: RoleRecordSchema,
  views: ViewsResponseSchema,
  unread: UnreadCountSchema,
};
