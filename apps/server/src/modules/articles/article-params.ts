import { z } from 'zod';
import { requireUuid } from '../../plugins/errors.js';

export const ArticleIdParams = z.object({ id: z.string() });

/** A malformed id is a 404, like an id that names no article. */
export const articleId = (id: string) => requireUuid(id, 'That article');
