import { TEXT } from '@dispatch/shared';
import { useNavigate } from 'react-router';
import { usePublishers } from '../../api/publishers';
import { OneArticleNotice } from '../../features/writing/components/one-article-notice';
import { AddArticleForm, type PublisherChoices } from '../../features/writing/components/add-article-form';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** /addArticle, signed in only. */
export function AddArticleRoute() {
  const navigate = useNavigate();
  const publishers = usePublishers();
  const choices: PublisherChoices = {
    names: publishers.data?.map((publisher) => publisher.name) ?? [],
    status: publishers.isPending ? 'pending' : publishers.isError ? 'error' : 'success',
  };

  return (
    <section aria-labelledby="add-article-heading" className="container-page max-w-3xl py-10 sm:py-14">
      <PageTitle title={TEXT.writing.addHeading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="add-article-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.writing.addHeading}
        </h1>
        <p className="mt-2 text-ink-soft">{TEXT.writing.addIntro}</p>
      </div>
      <OneArticleNotice />
      <div className="mt-8 panel">
        <AddArticleForm publishers={choices} onSubmitted={() => void navigate(paths.myArticles)} />
      </div>
    </section>
  );
}
