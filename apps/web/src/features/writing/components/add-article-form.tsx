import { CreateArticleInputSchema, LIMITS, TEXT } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MessageDialog } from '../../../components/confirm-dialog';
import { describedBy, FieldError, TextField } from '../../../components/form-field';
import { ImageUploadField, useImageProblem } from '../../../components/image-upload-field';
import { TextAreaField } from '../../../components/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateArticle } from '../api/create-article';
import { TagsSelect } from './tags-select';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const FIELDS = ['title', 'image', 'imageCaption', 'publisher', 'tags', 'description'] as const;

export interface PublisherChoices {
  names: string[];
  status: 'pending' | 'error' | 'success';
}

type Problem = { kind: 'notAllowed'; message: string } | { kind: 'error'; detail: string | null };

/** docs/product.md#screens /addArticle: every field required with docs/conventions.md#web-conventions's messages next to it. */
export function AddArticleForm({ publishers, onSubmitted }: { publishers: PublisherChoices; onSubmitted: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreateArticleInputSchema),
    defaultValues: { title: '', image: '', imageCaption: '', publisher: '', tags: [], description: '' },
  });
  const create = useCreateArticle();
  const [uploading, setUploading] = useState(false);
  const image = useImageProblem();
  const [problem, setProblem] = useState<Problem | null>(null);
  const publisherId = useId();
  const publisherErrorId = `${publisherId}-error`;
  const publisherStatusId = `${publisherId}-status`;

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(TEXT.toast.articleSubmitted);
        onSubmitted();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) {
          setProblem({ kind: 'notAllowed', message: error.message || TEXT.addArticle.oneArticleLimit });
          return;
        }
        if (error instanceof ApiError) {
          for (const field of FIELDS) {
            const message = error.fieldErrors?.[field]?.[0];
            if (message) setError(field, { type: 'server', message });
          }
        }
        const detail = error instanceof ApiError && error.isClientError ? error.message : null;
        setProblem({ kind: 'error', detail });
      },
    }),
  );

  const publisherError = errors.publisher?.message;
  const publisherStatus =
    publishers.status === 'pending'
      ? TEXT.addArticle.loadingPublishers
      : publishers.status === 'error'
        ? TEXT.addArticle.publishersFailed
        : null;

  return (
    <>
      <HydratedForm
        noValidate
        onSubmit={image.guard(onSubmit, (problem) => toast.error(problem))}
        className="space-y-6"
      >
        <TextField label={TEXT.writing.title} error={errors.title?.message} {...register('title')} />
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImageUploadField
              mode="upload"
              label={TEXT.writing.image}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              onUploadingChange={setUploading}
              onProblemChange={image.onProblemChange}
              disabled={create.isPending}
              error={errors.image?.message}
            />
          )}
        />
        <TextField
          label={TEXT.writing.imageCaption}
          hint={TEXT.writing.imageCaptionHint}
          maxLength={LIMITS.captionMaxLength}
          error={errors.imageCaption?.message}
          {...register('imageCaption')}
        />
        <div>
          <label htmlFor={publisherId} className="field-label">
            {TEXT.writing.publisher}
          </label>
          <select
            id={publisherId}
            disabled={publishers.status !== 'success'}
            aria-invalid={publisherError ? true : undefined}
            aria-describedby={describedBy(
              publisherStatus !== null && publisherStatusId,
              publisherError && publisherErrorId,
            )}
            className="field-control"
            {...register('publisher')}
          >
            <option value="">
              {publishers.status === 'pending' ? TEXT.addArticle.loadingPublishers : TEXT.writing.selectPublisher}
            </option>
            {publishers.names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {publisherStatus && (
            <p
              id={publisherStatusId}
              role={publishers.status === 'error' ? 'alert' : 'status'}
              className={publishers.status === 'error' ? 'field-error' : 'field-hint'}
            >
              {publisherStatus}
            </p>
          )}
          <FieldError id={publisherErrorId} message={publisherError} />
        </div>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={create.isPending}
              error={errors.tags?.message}
            />
          )}
        />
        <TextAreaField
          label={TEXT.writing.description}
          hint={TEXT.writing.descriptionHint}
          rows={10}
          error={errors.description?.message}
          {...register('description')}
        />
        <SubmitButton pending={create.isPending} waiting={uploading} className="btn btn-primary w-full sm:w-auto">
          {TEXT.writing.submit}
        </SubmitButton>
      </HydratedForm>
      <MessageDialog
        open={problem !== null}
        onClose={() => setProblem(null)}
        tone={problem?.kind === 'notAllowed' ? 'warning' : 'error'}
        title={problem?.kind === 'notAllowed' ? TEXT.addArticle.notAllowedTitle : TEXT.addArticle.errorTitle}
        message={
          problem?.kind === 'notAllowed' ? (
            <p>{problem.message}</p>
          ) : (
            <>
              <p>{TEXT.addArticle.errorBody}</p>
              {problem?.kind === 'error' && problem.detail && <p className="text-sm">{problem.detail}</p>}
            </>
          )
        }
      />
    </>
  );
}
