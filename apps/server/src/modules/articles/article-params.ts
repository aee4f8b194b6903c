import { IdParamSchema } from '@dispatch/shared';
import { requireUuid } from '../../plugins/errors.js';

export const ArticleIdParams = IdParamSchema;

/** A malformed id is a 404, like an id that names no article. */
export const articleId = (id: string) => requireUuid(id, 'That article');
