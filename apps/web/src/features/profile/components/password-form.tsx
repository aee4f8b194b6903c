import { ChangePasswordInputSchema, TEXT, type ChangePasswordInput } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current and new password; the server's refusals land next to the field they are about. */
export function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ChangePasswordInputSchema), defaultValues: EMPTY });
  const change = useChangePassword();

  const onSubmit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success(TEXT.toast.passwordChanged);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
        const fields = FIELDS.filter((field) => fieldErrors?.[field]?.[0]);
        for (const field of fields) setError(field, { message: fieldErrors![field]![0] });
        if (fields.length === 0) setError('root', { message: errorMessage(error) });
      },
    }),
  );

  return (
    <HydratedForm noValidate onSubmit={onSubmit} className="space-y-6" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-2xl font-bold tracking-tight text-ink">
        {TEXT.passwordForm.heading}
      </h2>
      <p className="text-ink-soft">{TEXT.passwordForm.hint}</p>
      <TextField
        label={TEXT.passwordForm.currentPassword}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label={TEXT.passwordForm.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      {errors.root?.message && (
        <p role="alert" className="field-error">
          {errors.root.message}
        </p>
      )}
      <SubmitButton pending={change.isPending} className="btn btn-primary w-full sm:w-auto">
        {TEXT.passwordForm.submit}
      </SubmitButton>
    </HydratedForm>
  );
}
