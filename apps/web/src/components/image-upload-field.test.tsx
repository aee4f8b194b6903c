import { API_MESSAGES, LIMITS, TEXT, UploadResponseSchema } from '@dispatch/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../lib/paths';
import { errorResponse, stubApi } from '../test/api-stub';
import { checkImageFile, ImageUploadField } from './image-upload-field';

const png = (size = 10) => new File([new Uint8Array(size)], 'photo.png', { type: 'image/png' });
const uploaded = UploadResponseSchema.parse({ url: `/api/uploads/${'c'.repeat(64)}.webp`, width: 640, height: 480 });
const current = `/api/uploads/${'d'.repeat(64)}.webp`;

function HoldField() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <ImageUploadField mode="hold" label="Image" value={file} onChange={setFile} />
      <output aria-label="held">{file?.name ?? 'none'}</output>
    </>
  );
}

function UploadField() {
  const [url, setUrl] = useState(current);
  return (
    <>
      <ImageUploadField mode="upload" label="Logo" value={url} onChange={setUrl} currentAlt="Current logo" />
      <output aria-label="saved url">{url}</output>
    </>
  );
}

describe('checkImageFile', () => {
  it('accepts the image types the server takes, up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(checkImageFile(new File(['x'], 'a', { type }))).toBeNull();
    }
    expect(checkImageFile(png(LIMITS.upload.maxBytes))).toBeNull();
  });

  it('refuses other types and larger files with a clear message', () => {
    expect(checkImageFile(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe(API_MESSAGES.imageUnsupported);
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(API_MESSAGES.imageUnsupported);
    expect(checkImageFile(png(LIMITS.upload.maxBytes + 1))).toBe(API_MESSAGES.imageTooLarge);
  });
});

describe('ImageUploadField, holding the file for its form', () => {
  it('keeps a chosen image and previews it', async () => {
    const person = userEvent.setup();
    render(<HoldField />);

    await person.upload(screen.getByLabelText('Image'), png());

    expect(screen.getByRole('status', { name: 'held' })).toHaveTextContent('photo.png');
    // Its name beside the picker, in words a reader can read, and in what the control describes.
    expect(screen.getByText(TEXT.upload.chosen('photo.png'))).toBeVisible();
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(
      expect.stringContaining(TEXT.upload.chosen('photo.png')),
    );
    expect(await screen.findByRole('img', { name: TEXT.upload.preview })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
  });

  it('refuses a file that is not an image, or too large, with the message next to the field', async () => {
    const person = userEvent.setup({ applyAccept: false });
    render(<HoldField />);
    const input = screen.getByLabelText('Image');

    await person.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(API_MESSAGES.imageUnsupported));
    expect(screen.getByRole('status', { name: 'held' })).toHaveTextContent('none');

    await person.upload(input, png(LIMITS.upload.maxBytes + 1));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(API_MESSAGES.imageTooLarge));
    expect(screen.getByRole('status', { name: 'held' })).toHaveTextContent('none');
  });
});

describe('ImageUploadField, uploading at once', () => {
  it('shows the current image, uploads a new one with progress and hands over its URL', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = stubApi({
      [apiPaths.uploads]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const person = userEvent.setup();
    render(<UploadField />);
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', current);
    expect(screen.getByText(TEXT.upload.keeping)).toBeInTheDocument();

    await person.upload(screen.getByLabelText('Logo'), png());

    expect(await screen.findByRole('progressbar', { name: TEXT.upload.progress })).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toBeDisabled();
    answer(new Response(JSON.stringify(uploaded), { status: 201 }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'saved url' })).toHaveTextContent(uploaded.url));
    // The input is emptied for another choice; the name it held stays said.
    expect(screen.getByText(TEXT.upload.chosen('photo.png'))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toBeEnabled();
    const form = api.calls(apiPaths.uploads)[0]?.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
  });

  it("shows the server's message when it refuses the file, and keeps the current image", async () => {
    stubApi({ [apiPaths.uploads]: () => errorResponse(415, API_MESSAGES.imageUnsupported) });
    const person = userEvent.setup();
    render(<UploadField />);

    await person.upload(screen.getByLabelText('Logo'), png());

    expect(await screen.findByText(API_MESSAGES.imageUnsupported)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'saved url' })).toHaveTextContent(current);
    expect(screen.getByRole('img', { name: 'Current logo' })).toBeInTheDocument();
  });
});
