import { TEXT } from '@dispatch/shared';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

export function ForbiddenRoute() {
  return (
    <>
      <PageTitle title={TEXT.forbidden.message} />
      <StatusPage code="403" message={TEXT.forbidden.message} actionLabel={TEXT.forbidden.back} to={paths.home} />
    </>
  );
}
