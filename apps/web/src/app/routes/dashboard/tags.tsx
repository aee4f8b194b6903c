import { TAG_TEXT as T } from '@dispatch/shared';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { useAdminTags } from '../../../api/tags-admin';
import { AddTagForm } from '../../../features/tags/components/add-tag-form';
import { TagsTable } from '../../../features/tags/components/tags-table';
import { DashboardHeading } from './dashboard-heading';

/** /dashboard/tags: the tags writers choose from (docs/product.md#tags): add, rename, archive, merge. */
export function TagsRoute() {
  const tags = useAdminTags();

  let content;
  if (tags.isPending) content = <TableSkeleton rows={5} />;
  else if (tags.isError) content = <ErrorState message={T.loadFailed} onRetry={() => void tags.refetch()} />;
  else if (tags.data.length === 0) content = <EmptyState message={T.empty} />;
  else content = <TagsTable tags={tags.data} />;

  return (
    <section aria-labelledby="tags-heading">
      <DashboardHeading id="tags-heading" title={T.heading} intro={T.intro} />
      <AddTagForm />
      {content}
    </section>
  );
}
