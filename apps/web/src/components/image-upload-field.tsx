import { API_MESSAGES, imageSrcSet, LIMITS, TEXT } from '@dispatch/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { errorMessage, uploadImage } from '../lib/api-client';
import { describedBy } from './form-field';
import { ImageIcon } from './icons';

/** What our server accepts (docs/architecture/uploads.md); it checks the content again, this only spares a wasted upload. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** The client-side check of a chosen file: a message to show next to the field, or null when it may be sent. */
export function checkImageFile(file: File): string | null {
  // Some systems report no type for a file they do not know (AVIF on older ones): let the server decide.
  if (file.type !== '' && !ACCEPTED_IMAGE_TYPES.includes(file.type)) return API_MESSAGES.imageUnsupported;
  if (file.size > LIMITS.upload.maxBytes) return API_MESSAGES.imageTooLarge;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  // A data: URL rather than a blob: one: the Content-Security-Policy allows images from 'self' and data: only.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

interface CommonProps {
  /** The visible label, the form's field name ('Image', 'Upload Image', 'Logo', 'Photo'). */
  label: string;
  /** The form's message for this field (required, or the server's field error). */
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** How the preview is framed: round for a person's photo, a landscape box for article images and logos. */
  shape?: 'round' | 'landscape';
  /** Alternative text of the image already saved (upload mode). */
  currentAlt?: string;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** Keeps the chosen File for a form that sends it itself (registration, before there is a session). */
interface HoldProps extends CommonProps {
  mode: 'hold';
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  /** How much of the request carrying the file has been sent (0 to 1), while it is on its way. */
  progress?: number | null;
}

/** Uploads the chosen file to /api/uploads at once and hands the form the URL to save. */
interface UploadProps extends CommonProps {
  mode: 'upload';
  value: string;
  onChange: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** The message the field shows for a refused file, or null: the form must not be sent meanwhile. */
  onProblemChange?: (problem: string | null) => void;
}

export type ImageUploadFieldProps = HoldProps | UploadProps;

const frames = {
  round: 'size-24 rounded-full',
  landscape: 'h-24 w-32 rounded-md',
} as const;

/** A labelled image picker with checks, a preview and upload progress, for every form that takes an image. */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { label, error, hint = TEXT.upload.hint, disabled = false, shape = 'landscape', ref, onBlur } = props;
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const progressId = `${inputId}-progress`;
  const statusId = `${inputId}-status`;

  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  // The input is emptied after each upload (so the same file can be chosen again): the name is kept here.
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // An upload still running when the form goes away is abandoned.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const uploading = props.mode === 'upload' && uploadProgress !== null;
  const progress = props.mode === 'hold' ? (props.progress ?? null) : uploadProgress;

  let shown: { src: string; alt: string; ours: boolean } | null = null;
  if (props.mode === 'hold') {
    if (props.value && preview?.file === props.value)
      shown = { src: preview.url, alt: TEXT.upload.preview, ours: false };
  } else if (uploading && preview) {
    shown = { src: preview.url, alt: TEXT.upload.preview, ours: false };
  } else if (props.value) {
    shown = { src: props.value, alt: props.currentAlt ?? TEXT.upload.current, ours: true };
  }

  function showProblem(problem: string | null) {
    setLocalError(problem);
    if (props.mode === 'upload') props.onProblemChange?.(problem);
  }

  async function upload(file: File, onChange: (url: string) => void, onUploadingChange?: (uploading: boolean) => void) {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setUploadProgress(0);
    onUploadingChange?.(true);
    try {
      const { url } = await uploadImage(file, { onProgress: setUploadProgress, signal: controller.signal });
      onChange(url);
    } catch (failure) {
      if (!controller.signal.aborted) showProblem(errorMessage(failure));
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setUploadProgress(null);
        onUploadingChange?.(false);
      }
    }
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      showProblem(problem);
      setChosenName(null);
      input.value = '';
      if (props.mode === 'hold') props.onChange(null);
      return;
    }
    showProblem(null);
    setChosenName(file.name);
    readAsDataUrl(file).then(
      (url) => setPreview({ file, url }),
      () => setPreview(null),
    );
    if (props.mode === 'hold') props.onChange(file);
    else {
      // Choosing the same file again after a failed upload must fire another change.
      input.value = '';
      void upload(file, props.onChange, props.onUploadingChange);
    }
  }

  const message = localError ?? error;
  const percent = progress === null ? null : Math.round(progress * 100);
  const fileName = props.mode === 'hold' ? props.value?.name : chosenName;
  const fileStatus = fileName
    ? TEXT.upload.chosen(fileName)
    : props.mode === 'upload' && props.value
      ? TEXT.upload.keeping
      : TEXT.upload.noneChosen;

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <div
          className={`${frames[shape]} grid shrink-0 place-items-center overflow-hidden border border-rule bg-surface-muted text-ink-soft`}
        >
          {shown ? (
            <img
              src={shown.src}
              srcSet={shown.ours ? imageSrcSet(shown.src) : undefined}
              sizes={shown.ours ? '128px' : undefined}
              alt={shown.alt}
              width={shape === 'round' ? 96 : 128}
              height={96}
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon className="size-8" />
          )}
        </div>
        <div className="min-w-0 flex-1 basis-48">
          <input
            ref={ref}
            id={inputId}
            type="file"
            accept="image/*"
            disabled={disabled || uploading}
            onChange={onFileChange}
            onKeyDown={(event) => {
              // Space opens the picker natively; Enter, which readers expect of a button too, does not everywhere.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              event.currentTarget.click();
            }}
            onBlur={onBlur}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(statusId, hintId, percent !== null && progressId, message && errorId)}
            // The browser's own file text is transparent: the line below says which file, in our words.
            className="block w-full max-w-full text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-ink file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-ink hover:file:text-paper disabled:cursor-not-allowed disabled:file:cursor-not-allowed disabled:file:border-rule disabled:file:text-ink-soft"
          />
          <p id={statusId} className="mt-2 text-sm font-medium break-words text-ink">
            {fileStatus}
          </p>
          <p id={hintId} className="field-hint">
            {hint}
          </p>
          {percent !== null && (
            <div id={progressId} className="mt-2">
              <div
                role="progressbar"
                aria-label={TEXT.upload.progress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 w-full overflow-hidden rounded-full bg-placeholder"
              >
                <div className="h-full bg-ink transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1 text-xs text-ink-soft">
                {percent < 100 ? `${TEXT.upload.uploading} ${percent}%` : TEXT.upload.uploaded}
              </p>
            </div>
          )}
          {message && (
            <p id={errorId} role="alert" className="field-error">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * For a form with an upload-mode image field: while the field shows a refused file, submitting the form
 * sends nothing and says why (`onBlocked`), rather than saving the rest as if the image were fine.
 */
export function useImageProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  const guard =
    (submit: (event: FormEvent<HTMLFormElement>) => unknown, onBlocked: (problem: string) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      if (problem === null) return void submit(event);
      event.preventDefault();
      onBlocked(problem);
    };
  return { onProblemChange: setProblem, guard };
}
