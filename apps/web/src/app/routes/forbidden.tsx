import { TEXT } from '@dispatch/shared';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../lib/paths';

export function ForbiddenRoute() {
  return (
    <>
      <title>{TEXT.forbidden.message}</title>
      <StatusPage code="403" message={TEXT.forbidden.message} actionLabel={TEXT.forbidden.back} to={paths.home} />
    </>
  );
}
