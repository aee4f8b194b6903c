import { TEXT } from '@dispatch/shared';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** docs/product.md#screens: any other route, and any routing error, lands here. */
export function NotFoundRoute() {
  return (
    <>
      <PageTitle title={TEXT.notFound.message} />
      <StatusPage code="404" message={TEXT.notFound.message} actionLabel={TEXT.notFound.back} to={paths.home} />
    </>
  );
}
