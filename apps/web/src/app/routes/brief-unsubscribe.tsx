import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { Link, useSearchParams } from 'react-router';
import { TokenActionPage } from '../../components/token-action-page';
import { useUnsubscribeBrief } from '../../features/brief/api/subscribe';
import { paths } from '../../lib/paths';

/** /brief/unsubscribe?token=… from a brief's footer: stops the daily brief, never account e-mails. */
export function BriefUnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <TokenActionPage
      id="brief-unsubscribe"
      heading={BRIEF_PAGE_TEXT.unsubscribeHeading}
      token={params.get('token') ?? ''}
      action={useUnsubscribeBrief()}
      text={{
        missing: BRIEF_PAGE_TEXT.linkMissing,
        confirm: BRIEF_PAGE_TEXT.unsubscribeConfirm,
        button: BRIEF_TEXT.unsubscribe,
        invalid: BRIEF_MESSAGES.linkInvalid,
      }}
      done={
        <>
          <p>{BRIEF_MESSAGES.unsubscribed}</p>
          <Link to={paths.home} className="btn btn-outline">
            {BRIEF_PAGE_TEXT.backHome}
          </Link>
        </>
      }
    />
  );
}
