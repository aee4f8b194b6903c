import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';
import { useAuth } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useMyBrief } from '../../../api/brief';
import { useSubscribeBrief } from '../api/subscribe';
import { DEFAULT_HOUR, HourSelect, TimeZoneSelect, useBrowserTimeZone } from './brief-fields';
import { subscribeProblem } from './subscribe-error';

/** The box's heading and pitch, for a page that frames the box in its own section (the home page). */
export const briefSignupTitle = { title: BRIEF_TEXT.heading, intro: BRIEF_TEXT.pitch };

/** A light check before the request; the server's schema decides. */
function emailProblem(email: string): string | undefined {
  if (!email.trim()) return BRIEF_MESSAGES.emailRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return BRIEF_MESSAGES.emailInvalid;
  return undefined;
}

function SignupForm({ signedIn }: { signedIn: boolean }) {
  const browserZone = useBrowserTimeZone();
  const [email, setEmail] = useState('');
  const [hour, setHour] = useState(DEFAULT_HOUR);
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const subscribe = useSubscribeBrief();
  const timeZone = chosenZone ?? browserZone;

  if (subscribe.isSuccess) {
    const { status, email: address } = subscribe.data;
    return (
      <p role="status" className="rounded-md border border-rule bg-surface p-4 text-ink">
        {status === 'pending' ? BRIEF_MESSAGES.confirmSent(address) : BRIEF_MESSAGES.confirmed}
      </p>
    );
  }

  const problem = subscribe.isError ? subscribeProblem(subscribe.error) : { fields: {}, form: null };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = signedIn ? undefined : emailProblem(email);
    setEmailError(missing);
    if (missing) return;
    subscribe.mutate({
      ...(!signedIn && { email: email.trim() }),
      hour,
      timeZone,
      tags: [],
      publishers: [],
    });
  };

  return (
    <HydratedForm onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-start">
      {!signedIn && (
        <TextField
          label={BRIEF_TEXT.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError ?? problem.fields.email}
        />
      )}
      <HourSelect value={hour} onChange={setHour} error={problem.fields.hour} />
      <TimeZoneSelect value={timeZone} onChange={setChosenZone} error={problem.fields.timeZone} />
      <div className="space-y-3 sm:col-span-3">
        <FormAlert message={problem.form} />
        <SubmitButton pending={subscribe.isPending} className="btn btn-primary w-full sm:w-auto">
          {BRIEF_TEXT.subscribe}
        </SubmitButton>
      </div>
    </HydratedForm>
  );
}

/**
 * A signed-in reader who already gets (or is confirming) the brief manages it on the profile. Their subscription is
 * asked for once the box comes into view: the page's server-rendered data is all it fetches before then.
 */
function SignedInSignup() {
  const place = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  const me = useMyBrief(inView);
  const status = me.data?.subscription?.status;
  // Until the answer, the form itself holds the place (subscribing again is harmless): a spinner swapped for the
  // taller form would move the page under the reader's eyes.
  return (
    <div ref={place}>
      {status === 'active' || status === 'pending' ? (
        <p className="text-ink">
          <Link to={paths.profileBrief} className="font-semibold underline underline-offset-4">
            {BRIEF_PAGE_TEXT.managed}
          </Link>
        </p>
      ) : (
        <SignupForm signedIn />
      )}
    </div>
  );
}

/**
 * The daily brief's sign-up box: a visitor gives an address (and confirms it by e-mail), a signed-in reader
 * subscribes their own. The hour and the time zone are the reader's; what the brief follows is set on /profile.
 */
export function BriefSignup() {
  const { user, loading } = useAuth();
  if (loading) return <SignupForm signedIn={false} />;
  return user ? <SignedInSignup /> : <SignupForm signedIn={false} />;
}

/** The box with its own heading, where the page has none for it (the end of an article). */
export function BriefSignupSection() {
  return (
    <section aria-labelledby="brief-signup-heading" className="mt-16 panel space-y-4">
      <h2 id="brief-signup-heading" className="text-2xl font-bold tracking-tight text-ink">
        {BRIEF_TEXT.heading}
      </h2>
      <p className="text-ink-soft">{BRIEF_TEXT.pitch}</p>
      <BriefSignup />
    </section>
  );
}
