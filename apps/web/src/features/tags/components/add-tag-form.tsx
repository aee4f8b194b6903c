import { TAG_LIMITS, TAG_TEXT as T } from '@dispatch/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateTag } from '../api/tag-changes';

/** The server's word on a name: its field's message, else the refusal's (a taken name or address). */
export const nameProblem = (error: unknown) =>
  error instanceof ApiError ? (error.fieldErrors?.name?.[0] ?? error.message) : errorMessage(error);

/** Name, and Add tag: the new tag goes last in the writers' list. */
export function AddTagForm() {
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { name },
      {
        onSuccess: (tag) => {
          toast.success(T.added(tag.name));
          setName('');
          setProblem(undefined);
        },
        onError: (error) => setProblem(nameProblem(error)),
      },
    );
  };

  return (
    <HydratedForm
      noValidate
      onSubmit={onSubmit}
      aria-label={T.addHeading}
      className="mb-8 flex flex-col gap-3 rounded-lg border border-rule bg-surface p-4 sm:flex-row sm:items-start"
    >
      <TextField
        label={T.name}
        value={name}
        maxLength={TAG_LIMITS.nameMax}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={problem}
        className="min-w-0 flex-1"
      />
      <SubmitButton pending={create.isPending} className="btn btn-primary sm:mt-6">
        {T.add}
      </SubmitButton>
    </HydratedForm>
  );
}
