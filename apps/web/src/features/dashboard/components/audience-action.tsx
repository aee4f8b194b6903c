import { READERS_TEXT } from '@dispatch/shared';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { useSetArticleReaders, type ReadersArticle } from '../api/audience';
import type { RowMenuItem } from './row-menu';

/**
 * The row menu's action that keeps one article for signed-in readers (a registration wall for that story alone,
 * whatever the site's setting), or opens it again to the site's readers (docs/product.md#who-reads-what). It says
 * what it does, not a state: the row's badge says which the article is.
 */
export function useAudienceItem(article: ReadersArticle, busy = false): RowMenuItem {
  const readers = useSetArticleReaders();
  const signedInOnly = article.signedInOnly;
  return {
    label: signedInOnly ? READERS_TEXT.openToSiteReaders : READERS_TEXT.keepForSignedIn,
    disabled: busy || readers.isPending,
    onSelect: () =>
      readers.mutate(
        { id: article._id, signedInOnly: !signedInOnly },
        {
          onSuccess: (answer) =>
            toast.success(answer.signedInOnly ? READERS_TEXT.keptForSignedIn : READERS_TEXT.openedToSiteReaders),
          onError: (error) => toast.error(errorMessage(error)),
        },
      ),
  };
}
