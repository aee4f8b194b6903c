import {
  ErrorResponseSchema,
  PublicConfigSchema,
  PublisherSchema,
  RoleRecordSchema,
  SessionResponseSchema,
  TrendingArticleSchema,
  UploadResponseSchema,
  UserStatsSchema,
} from '@dispatch/shared';
import { z } from 'zod';

/**
 * The schemas that check the answers the first page of a visit asks for (configuration, session, role,
 * the home page's sections, errors). Only ever loaded through `lazySchema` (api-client.ts), with
 * import(): zod then arrives beside those first requests instead of inside the home page's
 * first-load JavaScript (docs/decisions/011-page-weight-and-audits.md).
 */
export const firstLoadSchemas = {
  error: ErrorResponseSchema,
  config: PublicConfigSchema,
  session: SessionResponseSchema,
  role: RoleRecordSchema,
  trending: TrendingArticleSchema.array(),
  publishers: PublisherSchema.array(),
  userStats: UserStatsSchema,
  upload: UploadResponseSchema,
  noContent: z.undefined(),
};
