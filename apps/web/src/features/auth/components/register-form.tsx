import { RegisterFieldsSchema, SETTINGS_TEXT, TEXT } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useConfig } from '../../../lib/site-config';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const RegisterFormSchema = RegisterFieldsSchema.extend({
  image: z.instanceof(File, { error: TEXT.validation.imageRequired }),
});
/** Where the site settings make the photo optional (docs/product.md#site-settings). */
const PhotoOptionalSchema = RegisterFieldsSchema.extend({ image: z.instanceof(File).optional() });
type RegisterValues = z.infer<typeof PhotoOptionalSchema>;
// The required schema's answers are the optional one's with a photo: one form holds both.
const requiredResolver = zodResolver(RegisterFormSchema) as unknown as Resolver<RegisterValues>;
const optionalResolver = zodResolver(PhotoOptionalSchema) as Resolver<RegisterValues>;

const FIELDS = ['name', 'email', 'password', 'image'] as const;

/** docs/product.md#validation's registration rules with its exact messages, next to the fields; the server checks them again. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const photoOptional = useConfig().data?.registrationPhoto === 'optional';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    // useForm takes its options anew each render: the settings as they are when the form is checked.
    resolver: photoOptional ? optionalResolver : requiredResolver,
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
            hint={photoOptional ? `${TEXT.upload.hint} ${SETTINGS_TEXT.photoOptionalHint}` : undefined}
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
