import { TEXT, UpdateArticleInputSchema, type Article } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/text-area-field';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateArticle } from '../api/update-article';
import { TagsSelect } from './tags-select';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const FIELDS = ['title', 'description', 'tags'] as const;

interface UpdateArticleFormProps {
  article: Pick<Article, '_id' | 'title' | 'description' | 'tags' | 'status' | 'changesNote'>;
  /** After 'Article updated!': the page moves on (docs/product.md#screens: to /my-articles). */
  onSaved: () => void;
  /** The server says this viewer may not edit the article. */
  onForbidden: (message: string) => void;
}

/** docs/product.md#screens /update-article/{id}: title, description and tags prefilled; leaving with edits asks first. */
export function UpdateArticleForm({ article, onSaved, onForbidden }: UpdateArticleFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateArticleInputSchema),
    defaultValues: { title: article.title, description: article.description, tags: article.tags },
  });
  const update = useUpdateArticle(article._id);
  const [saved, setSaved] = useState(false);
  const blocker = useUnsavedChanges(isDirty && !saved);

  // Moves on only once the blocker has seen that nothing is unsaved any more.
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);

  const onSubmit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success(TEXT.toast.articleUpdated);
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) {
          onForbidden(error.message);
          return;
        }
        if (error instanceof ApiError) {
          for (const field of FIELDS) {
            const message = error.fieldErrors?.[field]?.[0];
            if (message) setError(field, { type: 'server', message });
          }
        }
        toast.error(`${TEXT.toast.errorPrefix}${errorMessage(error)}`);
      },
    }),
  );

  const backToReview = article.status === 'approved' || article.status === 'declined';
  return (
    <>
      <HydratedForm noValidate onSubmit={onSubmit} className="space-y-6">
        <TextField label={TEXT.writing.title} error={errors.title?.message} {...register('title')} />
        <TextAreaField
          label={TEXT.writing.description}
          hint={TEXT.writing.descriptionHint}
          rows={12}
          error={errors.description?.message}
          {...register('description')}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={update.isPending}
              error={errors.tags?.message}
            />
          )}
        />
        {backToReview && (
          <p
            role="note"
            className="rounded-md border border-accent-line bg-accent-wash px-4 py-3 text-sm text-accent-strong"
          >
            {TEXT.addArticle.backToReview}
          </p>
        )}
        {article.status === 'changes_requested' && (
          <p role="note" className="rounded-md border border-note-line bg-note px-4 py-3 text-sm text-note-ink">
            {TEXT.addArticle.staysWithYou}
            {article.changesNote && (
              <span className="mt-2 block font-semibold break-words whitespace-pre-line">{article.changesNote}</span>
            )}
          </p>
        )}
        <SubmitButton pending={update.isPending} className="btn btn-primary w-full sm:w-auto">
          {TEXT.writing.update}
        </SubmitButton>
      </HydratedForm>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
