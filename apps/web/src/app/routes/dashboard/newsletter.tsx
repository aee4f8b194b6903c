import { BRIEF_TEXT } from '@dispatch/shared';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { ErrorState, TableSkeleton } from '../../../components/states';
import { useBriefSends } from '../../../api/brief';
import { NewsletterPreview } from '../../../features/brief/components/newsletter-preview';
import { SendsTable, SubscriberCounts } from '../../../features/brief/components/newsletter-sends';
import { SpecialEditionForm } from '../../../features/brief/components/special-edition-form';
import { useAdminArticles } from '../../../api/articles-admin';
import { DashboardHeading } from './dashboard-heading';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 space-y-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The special edition's choice: approved articles from the admin list, searched by title or author. */
function SpecialEdition() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const approved = useAdminArticles({ page: 1, status: 'approved', search: deferred || undefined });
  return (
    <SpecialEditionForm
      candidates={(approved.data?.articles ?? []).map(({ _id, title }) => ({ _id, title }))}
      search={search}
      onSearch={setSearch}
    />
  );
}

/** /dashboard/newsletter: the daily brief's subscribers, today's preview, a test, a special edition and every send. */
export function NewsletterRoute() {
  const sends = useBriefSends();
  return (
    <section aria-labelledby="newsletter-heading">
      <DashboardHeading id="newsletter-heading" title={BRIEF_TEXT.newsletter} intro={BRIEF_TEXT.pitch} />
      {sends.isPending ? (
        <TableSkeleton rows={1} />
      ) : sends.isError ? (
        <ErrorState onRetry={() => void sends.refetch()} />
      ) : (
        <SubscriberCounts subscribers={sends.data.subscribers} />
      )}
      <Panel id="newsletter-preview-heading" title={BRIEF_TEXT.preview}>
        <NewsletterPreview />
      </Panel>
      <Panel id="newsletter-special-heading" title={BRIEF_TEXT.special}>
        <SpecialEdition />
      </Panel>
      <Panel id="newsletter-sends-heading" title={BRIEF_TEXT.sendsTitle}>
        {sends.isPending ? <TableSkeleton /> : sends.isError ? null : <SendsTable sends={sends.data.sends} />}
      </Panel>
    </section>
  );
}
