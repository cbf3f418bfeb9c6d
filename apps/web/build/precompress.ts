/**
 * Vite plugin: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every
 * compressible file of the build, once, at build time. The server serves them with the matching
 * `Content-Encoding` (@fastify/static `preCompressed`), so browsers get the smallest encoding without
 * the server compressing per request; `scripts/size.mjs` measures these files, what is actually sent.
 * A copy that is not smaller than its source is not written (the source is served as it is).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files; images other than SVG and fonts (woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|wasm|map|xml|ttf|otf)$/;
/** Below this the headers and framing outweigh the saving (the same bound the server uses for answers). */
export const PRECOMPRESS_THRESHOLD_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('.vite'));
}

export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  for (const file of files) {
    const data = await readFile(file);
    if (data.length < PRECOMPRESS_THRESHOLD_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (copy.length >= data.length) continue;
      await writeFile(`${file}${suffix}`, copy);
      written += 1;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file, including the public directory's, is on disk.
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
