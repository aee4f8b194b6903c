import { LoginResponseSchema, type LoginInput, type LoginResponse } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest(apiPaths.login, LoginResponseSchema, { method: 'POST', body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
