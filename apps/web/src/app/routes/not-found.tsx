import { TEXT } from '@dispatch/shared';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../lib/paths';

/** SPEC.md 2: any other route, and any routing error, lands here. */
export function NotFoundRoute() {
  return (
    <>
      <title>{TEXT.notFound.message}</title>
      <StatusPage code="404" message={TEXT.notFound.message} actionLabel={TEXT.notFound.back} to={paths.home} />
    </>
  );
}
