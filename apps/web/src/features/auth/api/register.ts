import { UserSchema, type RegisterFields, type User } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { sendForm } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const RegisterResponseSchema = z.object({ user: UserSchema });

export interface RegisterVariables {
  fields: RegisterFields;
  /** Absent only where the site settings make the photo optional. */
  image: File | undefined;
  onProgress?: (fraction: number) => void;
}

/** Creates the account in one multipart request: there is no session yet to upload the photo with. */
export async function register({ fields, image, onProgress }: RegisterVariables): Promise<User> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('password', fields.password);
  if (image) form.append('image', image);
  const { user } = await sendForm(apiPaths.register, form, RegisterResponseSchema, { onProgress });
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
