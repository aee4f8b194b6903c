import { TEXT, UpdateProfileInputSchema, type User } from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { ImageUploadField, useImageProblem } from '../../../components/image-upload-field';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

/** docs/product.md#screens /profile: Name, read-only Email, the current photo and a new one, 'Update Profile'. */
export function ProfileForm({ profile }: { profile: User }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateProfileInputSchema),
    defaultValues: { name: profile.name, profile_pic: profile.profile_pic },
  });
  const update = useUpdateProfile(profile.email);
  const [uploading, setUploading] = useState(false);
  const photo = useImageProblem();
  const blocker = useUnsavedChanges(isDirty || uploading);

  const onSubmit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        reset({ name: saved.name, profile_pic: saved.profile_pic });
        toast.success(TEXT.toast.saved);
      },
      onError: (error) => {
        toast.error(`${TEXT.toast.updateFailedPrefix}${errorMessage(error)}`);
      },
    }),
  );

  return (
    <>
      <HydratedForm
        noValidate
        onSubmit={photo.guard(onSubmit, (problem) => toast.error(`${TEXT.toast.updateFailedPrefix}${problem}`))}
        className="space-y-6"
      >
        <Controller
          control={control}
          name="profile_pic"
          render={({ field }) => (
            <ImageUploadField
              mode="upload"
              label={TEXT.profileForm.photo}
              shape="round"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              onUploadingChange={setUploading}
              onProblemChange={photo.onProblemChange}
              disabled={update.isPending}
              currentAlt={profile.name}
              hint={`${TEXT.profileForm.newPhoto}. ${TEXT.upload.hint}`}
              error={errors.profile_pic?.message}
            />
          )}
        />
        <TextField label={TEXT.auth.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label={TEXT.auth.email}
          type="email"
          value={profile.email}
          readOnly
          hint={TEXT.profileForm.emailReadOnly}
        />
        <SubmitButton pending={update.isPending} waiting={uploading} className="btn btn-primary w-full sm:w-auto">
          {TEXT.profile.update}
        </SubmitButton>
      </HydratedForm>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
