import { FAMILY_TEXT as T, type FamilyView } from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useFamily } from '../../../api/family';
import { useInvite, useLeaveFamily, useRemoveMember, useRevokeInvitation } from '../api/family';
import { MemberControls } from './member-controls';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const day = (iso: string) => dayFormat.format(new Date(iso));

type Owner = Extract<FamilyView, { role: 'owner' }>;
type Member = Extract<FamilyView, { role: 'member' }>;

/** /profile: the family the reader owns or reads with (docs/product.md#families); nothing for anyone else. */
export function FamilySection() {
  const family = useFamily();
  if (!family.data || family.data.role === 'none') return null;
  return (
    <section id="family" aria-labelledby="family-heading" className="mt-8 scroll-mt-24 space-y-4 panel">
      <h2 id="family-heading" className="text-2xl font-bold tracking-tight text-ink">
        {T.heading}
      </h2>
      {family.data.role === 'owner' ? <OwnerFamily family={family.data} /> : <MemberFamily family={family.data} />}
    </section>
  );
}

function OwnerFamily({ family }: { family: Owner }) {
  const others = family.seats - 1;
  const free = Math.max(others - family.members.length, 0);
  return (
    <>
      <p className="text-ink">{T.ownerIntro(family.seats)}</p>
      {!family.active && (
        <p role="note" className="rounded-md border border-rule bg-surface-muted px-3 py-2 text-sm text-ink">
          {T.inactiveOwner}
        </p>
      )}
      <p className="text-sm font-semibold text-ink-soft tabular-nums">{T.seatsLeft(free, others)}</p>
      <MemberList family={family} />
      <InvitationList family={family} />
      {family.active && free > 0 && <InviteForm />}
    </>
  );
}

function MemberList({ family }: { family: Owner }) {
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<Owner['members'][number] | null>(null);
  return (
    <div>
      <h3 className="text-lg font-bold text-ink">{T.membersHeading}</h3>
      {family.members.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{T.noMembers}</p>
      ) : (
        <ul className="mt-2 divide-y divide-rule border-y border-rule" aria-label={T.membersHeading}>
          {family.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">{member.name}</p>
                <p className="break-all text-ink-soft">
                  {member.email} · {T.joinedOn(day(member.joinedAt))}
                </p>
                {member.controls.youngReader && (
                  <p className="mt-1 text-ink">
                    <span className="mr-2 rounded-sm bg-surface-muted px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide">
                      {T.youngReader}
                    </span>
                    {T.hiding(member.controls.hiddenTags)}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="btn btn-outline"
                disabled={remove.isPending}
                aria-label={`${T.remove} ${member.name}`}
                onClick={() => setConfirming(member)}
              >
                {T.remove}
              </button>
              <MemberControls key={member.id} memberId={member.id} name={member.name} controls={member.controls} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={T.removeTitle}
        description={confirming ? T.removeConfirm(confirming.name) : ''}
        confirmLabel={T.remove}
        tone="danger"
        onConfirm={() => {
          if (!confirming) return;
          const { id, name } = confirming;
          remove.mutate(id, {
            onSuccess: () => toast.success(T.removed(name)),
            onError: (error) => toast.error(errorMessage(error)),
          });
          setConfirming(null);
        }}
      />
    </div>
  );
}

function InvitationList({ family }: { family: Owner }) {
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState<Owner['invitations'][number] | null>(null);
  if (family.invitations.length === 0) return null;
  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(T.linkCopied),
      () => toast.error(link),
    );
  return (
    <div>
      <h3 className="text-lg font-bold text-ink">{T.invitationsHeading}</h3>
      <ul className="mt-2 divide-y divide-rule border-y border-rule" aria-label={T.invitationsHeading}>
        {family.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold break-all text-ink">{invitation.email}</p>
              <p className="text-ink-soft">{T.expires(day(invitation.expiresAt))}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline" onClick={() => void copy(invitation.link)}>
                {T.copyLink}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={revoke.isPending}
                aria-label={`${T.revoke} ${invitation.email}`}
                onClick={() => setConfirming(invitation)}
              >
                {T.revoke}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={T.revokeTitle}
        description={confirming ? T.revokeConfirm(confirming.email) : ''}
        confirmLabel={T.revoke}
        tone="danger"
        onConfirm={() => {
          if (!confirming) return;
          revoke.mutate(confirming.id, {
            onSuccess: () => toast.success(T.revoked),
            onError: (error) => toast.error(errorMessage(error)),
          });
          setConfirming(null);
        }}
      />
    </div>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const fieldError = invite.error instanceof ApiError ? invite.error.fieldErrors?.email?.[0] : undefined;
  const formError = invite.error && !fieldError ? errorMessage(invite.error) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    invite.mutate(email, {
      onSuccess: (created) => {
        setEmail('');
        toast.success(created.mailed ? T.invited(created.email) : T.invitedNoMail);
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {formError && <FormAlert message={formError} />}
      <TextField
        label={T.inviteLabel}
        hint={T.inviteHint}
        type="email"
        name="email"
        autoComplete="off"
        required
        value={email}
        error={fieldError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton pending={invite.isPending} className="btn btn-primary">
        {T.inviteButton}
      </SubmitButton>
    </form>
  );
}

function MemberFamily({ family }: { family: Member }) {
  const leave = useLeaveFamily();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <p className="text-ink">{T.memberIntro(family.owner.name, family.planName)}</p>
      <p className="text-sm text-ink-soft">
        {family.active && family.until ? T.memberUntil(day(family.until)) : T.memberLapsed}
      </p>
      {family.controls.youngReader ? (
        <p role="note" className="rounded-md border border-rule bg-surface-muted px-3 py-2 text-sm text-ink">
          {T.memberYoungReader(family.owner.name, family.controls.hiddenTags)}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-outline"
          disabled={leave.isPending}
          onClick={() => setConfirming(true)}
        >
          {T.leave}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.leaveTitle}
        description={T.leaveConfirm(family.owner.name)}
        confirmLabel={T.leave}
        tone="danger"
        onConfirm={() => {
          leave.mutate(undefined, {
            onSuccess: () => toast.success(T.left),
            onError: (error) => toast.error(errorMessage(error)),
          });
          setConfirming(false);
        }}
      />
    </>
  );
}
