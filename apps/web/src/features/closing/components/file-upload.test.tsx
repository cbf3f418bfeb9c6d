import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_UPLOAD_TYPES, IMAGE_UPLOAD_TYPES } from '@heloc/domain';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { FileUpload } from './file-upload';

beforeAll(() => {
  // jsdom has no object URLs (the image preview).
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const pdf = (name = 'stub.pdf', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

type Send = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;

function setup(
  send: Send = vi.fn<Send>(async () => ({ ok: true })),
  extra: Partial<Parameters<typeof FileUpload>[0]> = {},
) {
  const onUploaded = vi.fn();
  renderWithProviders(
    <FileUpload
      label="Pay stub"
      accept={DOCUMENT_UPLOAD_TYPES}
      send={send}
      onUploaded={onUploaded}
      {...extra}
    />,
  );
  return { send, onUploaded, input: screen.getByLabelText('Pay stub') };
}

describe('FileUpload', () => {
  it('sends a chosen file with progress and hands the result on', async () => {
    const user = userEvent.setup();
    let progress: (fraction: number) => void = () => {};
    let finish: (value: { ok: boolean }) => void = () => {};
    const send = vi.fn(
      (_file: File, onProgress: (fraction: number) => void) =>
        new Promise<{ ok: boolean }>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const { onUploaded, input } = setup(send);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.upload(input, pdf());
    expect(screen.getByText('Selected: stub.pdf (2 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    progress(0.4);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading stub.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    finish({ ok: true });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ ok: true }, expect.any(File)));
    expect(send.mock.calls[0]![0].name).toBe('stub.pdf');
    expect(screen.getByRole('status')).toHaveTextContent('stub.pdf uploaded.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a type not supported and a file too large before sending, keeping an earlier good choice', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { send, input } = setup();
    await user.upload(input, pdf('good.pdf'));
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type not supported: notes.txt');
    await user.upload(input, pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File too large: huge.pdf (10 MB)');
    expect(screen.getByText('Selected: good.pdf (2 KB)')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the file after a failed upload and sends it again on "Try again"', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 0, message: 'Network error', url: '/x' }))
      .mockResolvedValueOnce({ ok: true });
    const { onUploaded, input } = setup(send);
    await user.upload(input, pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('Selected: stub.pdf (2 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toBe(send.mock.calls[0]![0]);
  });

  it('accepts a dropped file and previews an image; beforeSend can stop the upload', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    const beforeSend = vi.fn(() => false);
    renderWithProviders(
      <FileUpload
        label="Front of your ID"
        accept={IMAGE_UPLOAD_TYPES}
        preview
        send={send}
        beforeSend={beforeSend}
        onUploaded={() => {}}
        submitLabel="Upload and verify"
      />,
    );
    const image = new File([new Uint8Array(10)], 'id.png', { type: 'image/png' });
    const area = screen.getByText('Front of your ID').closest('[data-dragging], .mantine-Paper-root')!;
    fireEvent.drop(area, { dataTransfer: { files: [image] } });
    expect(await screen.findByRole('img', { name: 'Preview of id.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
    expect(beforeSend).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('is a styled picker, not the raw "Choose File": a label button and the chosen name, the input keeps its name', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    // The input is named by the upload's label alone and described by the picker's file name.
    expect(input).toHaveAccessibleName('Pay stub');
    expect(input).toHaveAccessibleDescription(/^No file chosen/);
    expect(input).toHaveAttribute('class', expect.stringMatching(/input/));
    // Clicking the visible button (a label of the input) is choosing the file.
    const button = screen.getByText('Choose file');
    expect(button.closest('label')).toHaveAttribute('for', input.id);
    await user.upload(input, pdf());
    expect(screen.getByText('Choose another file')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/^Selected: stub\.pdf \(2 KB\)/);
  });
});
