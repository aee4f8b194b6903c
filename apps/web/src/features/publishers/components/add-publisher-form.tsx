import { CreatePublisherInputSchema, TEXT } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { ImageUploadField, useImageProblem } from '../../../components/image-upload-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreatePublisher } from '../api/create-publisher';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const D = TEXT.dashboard;

/** docs/product.md#screens /dashboard/add-publisher: Name and Logo, both required (docs/product.md#validation's messages). */
export function AddPublisherForm() {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreatePublisherInputSchema),
    defaultValues: { name: '', logo: '' },
  });
  const create = useCreatePublisher();
  const [uploading, setUploading] = useState(false);
  const image = useImageProblem();
  // A new logo field for the next publisher: the upload field keeps its own preview state.
  const [round, setRound] = useState(0);

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(TEXT.toast.publisherAdded);
        reset({ name: '', logo: '' });
        setRound((value) => value + 1);
      },
      onError: (error) => {
        toast.error(`${TEXT.toast.errorPrefix}${errorMessage(error)}`);
        if (!(error instanceof ApiError)) return;
        for (const field of ['name', 'logo'] as const) {
          const message = error.fieldErrors?.[field]?.[0];
          if (message) setError(field, { type: 'server', message });
        }
        if (error.status === 409) setError('name', { type: 'server', message: error.message });
      },
    }),
  );

  return (
    <HydratedForm noValidate onSubmit={image.guard(onSubmit, (problem) => toast.error(problem))} className="space-y-6">
      <TextField
        label={D.publisherName}
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        key={round}
        control={control}
        name="logo"
        render={({ field }) => (
          <ImageUploadField
            mode="upload"
            label={D.publisherLogo}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            onUploadingChange={setUploading}
            onProblemChange={image.onProblemChange}
            disabled={create.isPending}
            error={errors.logo?.message}
          />
        )}
      />
      <SubmitButton pending={create.isPending} waiting={uploading} className="btn btn-primary w-full sm:w-auto">
        {D.publisherSubmit}
      </SubmitButton>
    </HydratedForm>
  );
}
