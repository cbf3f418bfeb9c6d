/**
 * Chat attachments (spec 2 §5): jpg, png, amr, mp3, mp4, pdf, txt. The declared name and type are
 * not trusted: the bytes are sniffed (file-type reads the magic numbers) and must agree with the
 * file's extension; a .txt must be UTF-8 text without control bytes.
 */
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension, isAcceptedChatAttachment } from '@heloc/domain';
import { AppError } from '../../lib/errors';

/** Content type stored and served for each accepted extension. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  amr: 'audio/amr',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

/** Sniffed extensions that count as each accepted one (mp4 containers report several brands). */
const SNIFFED_AS: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  png: ['png'],
  amr: ['amr'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov'],
  pdf: ['pdf'],
};

function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Tabs, line feeds and carriage returns are text; other C0 controls (and NUL) are not.
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The safe file name kept for display: no path, no control characters, at most 128 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && !'"<>'.includes(char))
    .join('')
    .trim();
  return (cleaned || 'attachment').slice(-128);
}

/** The content type to store, or a 415 naming the file when the bytes are not what the name says. */
export async function checkAttachment(filename: string, bytes: Uint8Array): Promise<string> {
  const unsupported = () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${filename}: accepted files are jpg, png, amr, mp3, mp4, pdf and txt`,
    );
  if (!isAcceptedChatAttachment(filename)) throw unsupported();
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', `${filename} is empty`);
  const ext = fileExtension(filename);
  const sniffed = await fileTypeFromBuffer(bytes);
  if (ext === 'txt') {
    if (sniffed || !isPlainText(bytes)) throw unsupported();
  } else if (!sniffed || !SNIFFED_AS[ext]!.includes(sniffed.ext)) {
    throw unsupported();
  }
  return CONTENT_TYPES[ext]!;
}
