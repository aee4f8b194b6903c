import { BRIEF_MESSAGES, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { FieldFrame, fieldAria, useFieldIds } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { useSendSpecialBrief } from '../api/newsletter';

type Audience = keyof typeof BRIEF_TEXT.audience;
const AUDIENCES = Object.keys(BRIEF_TEXT.audience) as Audience[];

export interface SpecialCandidate {
  _id: string;
  title: string;
}

interface SpecialEditionFormProps {
  /** Approved articles matching `search` (the page asks the admin article list). */
  candidates: SpecialCandidate[];
  search: string;
  onSearch: (search: string) => void;
}

/** One approved article, now, to every subscriber or one audience; confirmed first, since mail cannot be recalled. */
export function SpecialEditionForm({ candidates, search, onSearch }: SpecialEditionFormProps) {
  const [articleId, setArticleId] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const special = useSendSpecialBrief();
  const searchIds = useFieldIds(undefined);
  const articleIds = useFieldIds(undefined);
  const chosen = candidates.find((candidate) => candidate._id === articleId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!chosen);
    if (chosen) setConfirming(true);
  };
  const send = () =>
    special.mutate(
      { articleId, audience },
      { onSuccess: ({ queued }) => toast.success(BRIEF_MESSAGES.specialQueued(queued)) },
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame ids={searchIds} label={BRIEF_PAGE_TEXT.specialSearch}>
          <input
            {...fieldAria(searchIds, undefined, undefined)}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            className="field-control"
          />
        </FieldFrame>
        <FieldFrame
          ids={articleIds}
          label={BRIEF_PAGE_TEXT.specialArticle}
          error={missing ? BRIEF_PAGE_TEXT.specialChoose : undefined}
        >
          <select
            {...fieldAria(articleIds, undefined, missing ? BRIEF_PAGE_TEXT.specialChoose : undefined)}
            value={articleId}
            onChange={(event) => setArticleId(event.target.value)}
            className="field-control"
          >
            <option value="">{BRIEF_PAGE_TEXT.specialChoose}</option>
            {candidates.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {candidate.title}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <fieldset className="space-y-2">
        <legend className="field-label">{BRIEF_PAGE_TEXT.specialAudience}</legend>
        {AUDIENCES.map((one) => (
          <label key={one} className="flex items-center gap-3 text-ink">
            <input
              type="radio"
              name="audience"
              value={one}
              checked={audience === one}
              onChange={() => setAudience(one)}
              className="size-4 accent-ink"
            />
            <span>{BRIEF_TEXT.audience[one]}</span>
          </label>
        ))}
      </fieldset>
      <FormAlert message={special.isError ? errorMessage(special.error) : null} />
      <SubmitButton pending={special.isPending} className="btn btn-primary">
        {BRIEF_TEXT.special}
      </SubmitButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={BRIEF_TEXT.special}
        description={`${BRIEF_PAGE_TEXT.specialConfirm(chosen?.title ?? '')} ${BRIEF_TEXT.audience[audience]}.`}
        confirmLabel={BRIEF_PAGE_TEXT.specialSend}
        onConfirm={send}
      />
    </form>
  );
}
