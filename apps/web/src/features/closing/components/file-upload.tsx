/**
 * The one upload control of the closing screens: drop a file on the area or pick it with the button,
 * checked for type and size before anything is sent (the server sniffs the content again), an image
 * preview where asked, a progress bar while it goes out, and clear errors ("File too large", "Type not
 * supported", or the server's message). A failed upload keeps the chosen file: "Try again" sends it
 * again (the server stores the same bytes once).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { formatFileSize, UPLOAD_MAX_BYTES, uploadProblem, uploadTypeNames } from '@heloc/domain';
import { errorText } from '@/lib/api-errors';
import type { UploadSender } from '../api/closing-api';
import classes from './file-upload.module.css';

export interface FileUploadProps<T> {
  /** What the file is, e.g. "Pay stub" (the control's accessible name). */
  label: string;
  description?: string;
  accept: readonly string[];
  send: UploadSender<T>;
  onUploaded: (result: T, file: File) => void | Promise<void>;
  /** Checks the rest of the form first (e.g. the ID type); false stops the upload. */
  beforeSend?: () => Promise<boolean> | boolean;
  /** Shows a preview of an image file before it is sent. */
  preview?: boolean;
  submitLabel?: string;
  maxBytes?: number;
  disabled?: boolean;
}

/** Some systems give no type for a dropped file; the extension then decides what to check against. */
function typeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase();
  return extension === 'pdf'
    ? 'application/pdf'
    : extension === 'png'
      ? 'image/png'
      : extension === 'jpg' || extension === 'jpeg'
        ? 'image/jpeg'
        : '';
}

export function FileUpload<T>({
  label,
  description,
  accept,
  send,
  onUploaded,
  beforeSend,
  preview = false,
  submitLabel = 'Upload',
  maxBytes = UPLOAD_MAX_BYTES,
  disabled = false,
}: FileUploadProps<T>) {
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();
  const nameId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);
  // An object URL per chosen image, released when the choice changes or the control goes away.
  const previewUrl = useMemo(
    () => (preview && file && typeOf(file).startsWith('image/') ? URL.createObjectURL(file) : null),
    [file, preview],
  );
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const kinds = uploadTypeNames(accept);
  const hint = `${kinds} up to ${formatFileSize(maxBytes)}`;
  const uploading = progress !== null;

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setDone(null);
    setFailed(false);
    const found = uploadProblem({ size: chosen.size, type: typeOf(chosen) }, accept, maxBytes);
    if (found) {
      // The previous valid choice (if any) stays: a wrong file does not wipe a good one.
      setProblem(`${found}: ${chosen.name} (${formatFileSize(chosen.size)}). Choose a ${hint} file.`);
      return;
    }
    setProblem(null);
    setFile(chosen);
  }

  async function upload() {
    if (!file || uploading) return;
    if (beforeSend && !(await beforeSend())) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setProblem(null);
    setFailed(false);
    setProgress(0);
    try {
      const result = await send(file, setProgress, controller.signal);
      setProgress(null);
      setDone(`${file.name} uploaded.`);
      const sent = file;
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      await onUploaded(result, sent);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress(null);
      setFailed(true);
      setProblem(errorText(error));
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !uploading) choose(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="md"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        style={{
          borderStyle: 'dashed',
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Stack gap="xs">
          {/* The input is named by this text (aria-labelledby), not by the picker's label below, so
              its name stays the upload's ("Front of your ID") and only one <label> points at it. */}
          <Text fw={600} id={labelId}>
            {label}
          </Text>
          {description ? <Text size="sm">{description}</Text> : null}
          <Text size="sm" id={hintId}>
            Drag and drop a file here, or choose one. {hint}.
          </Text>
          <div>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              className={classes.input}
              accept={accept.join(',')}
              aria-labelledby={labelId}
              aria-describedby={`${nameId} ${hintId}`}
              disabled={disabled || uploading}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <label htmlFor={inputId} className={classes.picker}>
              <span className={classes.button}>{file ? 'Choose another file' : 'Choose file'}</span>
              <span className={classes.name} id={nameId}>
                {file ? `Selected: ${file.name} (${formatFileSize(file.size)})` : 'No file chosen'}
              </span>
            </label>
          </div>
          {previewUrl ? (
            <img
              src={previewUrl}
              alt={`Preview of ${file?.name ?? 'the selected image'}`}
              style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
            />
          ) : null}
        </Stack>
      </Paper>
      {uploading ? (
        <Progress
          value={Math.round((progress ?? 0) * 100)}
          aria-label={`Uploading ${file?.name ?? label}`}
          animated
        />
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      <div role="status">{done ? <Text size="sm">{done}</Text> : null}</div>
      <Group>
        <Button onClick={() => void upload()} disabled={!file || disabled} loading={uploading}>
          {failed ? 'Try again' : submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
