import { GiftTokenSchema, IdParamSchema } from '@dispatch/shared';
import { z } from 'zod';
import { requireUuid } from '../../plugins/errors.js';

export const ArticleIdParams = IdParamSchema;

/** A malformed id is a 404, like an id that names no article. */
export const articleId = (id: string) => requireUuid(id, 'That article');

/** An article's query: a gift link's token (docs/product.md#reader-revenue); a malformed one is a 400. */
export const ArticleQuerySchema = z.object({ gift: GiftTokenSchema.optional() });
