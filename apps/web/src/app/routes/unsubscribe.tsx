import { NOTICE_TEXT, NOTICES_TEXT } from '@dispatch/shared';
import { Link, useSearchParams } from 'react-router';
import { TokenActionPage } from '../../components/token-action-page';
import { useUnsubscribe } from '../../features/notices/api/mail';
import { paths } from '../../lib/paths';

/** /unsubscribe?token=… from an e-mail's footer: stops that kind of notice by e-mail. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const unsubscribe = useUnsubscribe();
  const text = NOTICES_TEXT.unsubscribe;
  return (
    <TokenActionPage
      id="unsubscribe"
      heading={text.heading}
      token={params.get('token') ?? ''}
      action={unsubscribe}
      text={text}
      done={
        unsubscribe.data && (
          <>
            <p>{text.done(NOTICE_TEXT[unsubscribe.data.kind].preference)}</p>
            <Link to={paths.profile} className="btn btn-outline">
              {NOTICES_TEXT.preferences.heading}
            </Link>
          </>
        )
      }
    />
  );
}
