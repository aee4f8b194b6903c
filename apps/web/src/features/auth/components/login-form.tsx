import { LoginInputSchema, TEXT, type User } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useLogin } from '../api/login';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

/**
 * E-mail and password login (docs/product.md#screens); a failure is a toast with the server's message
 * (docs/product.md#texts) and is also said beside the button until the next try.
 */
export function LoginForm({
  onSignedIn,
  initialEmail = '',
}: {
  onSignedIn: (user: User) => void;
  /** The e-mail a reader registered with a moment ago. */
  initialEmail?: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: initialEmail, password: '' } });
  const login = useLogin();
  const { keepSession } = useAuth();

  const onSubmit = handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: ({ token, user }) => {
        keepSession(token, user);
        toast.success(TEXT.toast.loginSuccess);
        onSignedIn(user);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
      },
    }),
  );

  return (
    <HydratedForm noValidate onSubmit={onSubmit} className="space-y-5">
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormAlert message={login.isError ? errorMessage(login.error) : null} />
      <SubmitButton pending={login.isPending} className="btn btn-primary w-full">
        {TEXT.auth.login}
      </SubmitButton>
    </HydratedForm>
  );
}
