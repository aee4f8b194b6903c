import {
  AUTHOR_LINK_KINDS,
  AUTHOR_TEXT,
  AUTHOR_LIMITS,
  TEXT,
  UpdateProfileInputSchema,
  type AuthorLinkKind,
  type User,
} from '@dispatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/text-area-field';
import { ImageUploadField, useImageProblem } from '../../../components/image-upload-field';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { HydratedForm } from '../../../components/hydrated-form';
import { SubmitButton } from '../../../components/submit-button';

/** The form's values from a saved profile: every link kind, blank for none. */
function formValues(profile: User) {
  const links = Object.fromEntries(AUTHOR_LINK_KINDS.map((kind) => [kind, profile.links[kind] ?? ''])) as Record<
    AuthorLinkKind,
    string
  >;
  return { name: profile.name, profile_pic: profile.profile_pic, bio: profile.bio, links };
}

/**
 * docs/product.md#screens /profile: Name, read-only Email, the current photo and a new one, 'Update Profile'; and
 * what the writer's author page shows beside them (docs/product.md#author-pages): a short bio and public links.
 */
export function ProfileForm({ profile }: { profile: User }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateProfileInputSchema),
    defaultValues: formValues(profile),
  });
  const update = useUpdateProfile(profile.email);
  const [uploading, setUploading] = useState(false);
  const photo = useImageProblem();
  const blocker = useUnsavedChanges(isDirty || uploading);

  const onSubmit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(formValues(saved));
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
        <fieldset className="space-y-4 border-t border-rule pt-5">
          <legend className="float-left mb-1 w-full text-lg font-bold text-ink">{AUTHOR_TEXT.profile.title}</legend>
          <p className="clear-left text-sm text-ink-soft">{AUTHOR_TEXT.profile.intro}</p>
          <TextAreaField
            label={AUTHOR_TEXT.profile.bio}
            rows={3}
            maxLength={AUTHOR_LIMITS.bioMaxLength}
            hint={AUTHOR_TEXT.profile.bioHint(AUTHOR_LIMITS.bioMaxLength)}
            error={errors.bio?.message}
            {...register('bio')}
          />
          {AUTHOR_LINK_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={AUTHOR_TEXT.linkLabels[kind]}
              type="url"
              inputMode="url"
              placeholder="https://"
              error={errors.links?.[kind]?.message}
              {...register(`links.${kind}`)}
            />
          ))}
        </fieldset>
        <SubmitButton pending={update.isPending} waiting={uploading} className="btn btn-primary w-full sm:w-auto">
          {TEXT.profile.update}
        </SubmitButton>
      </HydratedForm>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
