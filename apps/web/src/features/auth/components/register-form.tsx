import { RegisterFieldsSchema, TEXT } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const RegisterFormSchema = RegisterFieldsSchema.extend({
  image: z.instanceof(File, { error: TEXT.validation.imageRequired }),
});

const FIELDS = ['name', 'email', 'password', 'image'] as const;

/** docs/product.md#validation's registration rules with its exact messages, next to the fields; the server checks them again. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const registration = useRegister();
  const [progress, setProgress] = useState<number | null>(null);

  const onSubmit = handleSubmit(({ image, ...fields }) => {
    setProgress(0);
    registration.mutate(
      { fields, image, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(TEXT.toast.registrationSuccess);
          onRegistered(fields.email);
        },
        onError: (error) => {
          toast.error(`${TEXT.toast.errorPrefix}${errorMessage(error)}`);
          if (!(error instanceof ApiError)) return;
          for (const field of FIELDS) {
            const message = error.fieldErrors?.[field]?.[0];
            if (message) setError(field, { type: 'server', message });
          }
          if (error.status === 409) setError('email', { type: 'server', message: error.message });
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  const busy = registration.isPending;
  return (
    <HydratedForm noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField label={TEXT.auth.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label={TEXT.auth.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={TEXT.auth.password}
        type="password"
        autoComplete="new-password"
        hint={TEXT.auth.passwordHint}
        error={errors.password?.message}
        {...register('password')}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageUploadField
            mode="hold"
            label={TEXT.auth.image}
            shape="round"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={busy}
            progress={progress}
            error={errors.image?.message}
          />
        )}
      />
      <SubmitButton pending={busy} className="btn btn-primary w-full">
        {TEXT.auth.register}
      </SubmitButton>
    </HydratedForm>
  );
}
