import {
  LIMITS,
  PublishCorrectionInputSchema,
  CORRECTION_TEXT,
  TEXT,
  type PublishCorrectionInput,
  type Revision,
} from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldFrame, fieldAria, useFieldIds } from '../../../components/form-field';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';
import { TextAreaField } from '../../../components/text-area-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { usePublishCorrection } from '../api/publish-correction';

const C = CORRECTION_TEXT;
const FIELDS = ['revisionId', 'note'] as const;

/**
 * An editor's 'Publish correction' on an approved article (docs/product.md#corrections): the revision that
 * fixed the text (the latest by default), the public note, then a confirmation, since it cannot be taken back.
 */
export function PublishCorrection({
  articleId,
  revisions,
}: {
  articleId: string;
  /** Newest first: the first is chosen. */
  revisions: Revision[];
}) {
  const publish = usePublishCorrection(articleId);
  const [confirmed, setConfirmed] = useState<PublishCorrectionInput | null>(null);
  const revisionField = useFieldIds(undefined);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(PublishCorrectionInputSchema),
    defaultValues: { revisionId: revisions[0]?._id ?? '', note: '' },
  });

  const confirm = (input: PublishCorrectionInput) =>
    publish.mutate(input, {
      onSuccess: () => {
        resetField('note');
        toast.success(TEXT.toast.correctionPublished);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
        const fields = FIELDS.filter((field) => fieldErrors?.[field]?.[0]);
        for (const field of fields) setError(field, { message: fieldErrors![field]![0] });
        if (fields.length === 0) toast.error(errorMessage(error));
      },
    });

  return (
    <section aria-labelledby="publish-correction-heading">
      <h3 id="publish-correction-heading" className="font-serif text-2xl font-bold text-ink">
        {C.publishHeading}
      </h3>
      <p className="mb-4 text-sm text-ink-soft">{C.publishIntro}</p>
      <HydratedForm
        noValidate
        onSubmit={handleSubmit((input) => setConfirmed(input))}
        className="space-y-5 rounded-md border border-rule bg-surface p-4 sm:p-5"
      >
        <FieldFrame ids={revisionField} label={C.revisionLabel} error={errors.revisionId?.message}>
          <select
            {...fieldAria(revisionField, undefined, errors.revisionId?.message)}
            className="field-control"
            {...register('revisionId')}
          >
            {revisions.map((revision) => (
              <option key={revision._id} value={revision._id}>
                {`${TEXT.revisions.number(revision.number)} · ${formatDate(revision.createdAt)}`}
              </option>
            ))}
          </select>
        </FieldFrame>
        <TextAreaField
          label={C.noteLabel}
          hint={C.noteHint}
          placeholder={C.notePlaceholder}
          rows={4}
          maxLength={LIMITS.correctionMaxLength}
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="flex justify-end">
          <SubmitButton pending={publish.isPending} className="btn btn-primary">
            {C.publish}
          </SubmitButton>
        </div>
      </HydratedForm>
      <ConfirmDialog
        open={confirmed !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmed(null);
        }}
        title={C.confirmTitle}
        description={C.confirmBody}
        confirmLabel={C.publish}
        onConfirm={() => confirmed && confirm(confirmed)}
      />
    </section>
  );
}
