/** The logo upload: a PNG or a safe SVG becomes the settings document's data URL. */
import type { FastifyRequest } from 'fastify';
import { svgLogoProblem, LOGO_MAX_BYTES } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authorized, type SettingsDeps } from './service';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An uploaded logo as the SVG the brand carries: the bytes are sniffed (never the file name): a PNG
 * (its signature and IHDR size) is wrapped in an SVG of its own size; an SVG must pass the domain's
 * safety check (no scripts, handlers, entities or outside references), an XML declaration dropped.
 */
export async function logoFromUpload(
  deps: SettingsDeps,
  request: FastifyRequest,
  orgCode: string,
  contentBase64: string,
): Promise<{ logoSvg: string; kind: 'SVG' | 'PNG' }> {
  await authorized(deps, request, orgCode);
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The logo file is empty');
  if (bytes.length > LOGO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // IHDR is the first chunk: width and height at bytes 16–23, big-endian.
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR')
      throw new AppError('BAD_REQUEST', 'The PNG file is damaged');
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width === 0 || height === 0) throw new AppError('BAD_REQUEST', 'The PNG file is damaged');
    const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><image href="data:image/png;base64,${bytes.toString('base64')}" width="${width}" height="${height}"/></svg>`;
    return { logoSvg, kind: 'PNG' };
  }
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^\s*<!--[\s\S]*?-->/, '')
    .trim();
  if (!text.startsWith('<svg')) throw new AppError('BAD_REQUEST', 'The logo must be an SVG or PNG file');
  const problem = svgLogoProblem(text);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return { logoSvg: text, kind: 'SVG' };
}
