import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir, PRECOMPRESS_THRESHOLD_BYTES } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of compressible files at or above the threshold, and only those', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    const script = 'export const a = "' + 'abc'.repeat(PRECOMPRESS_THRESHOLD_BYTES) + '";';
    writeFileSync(path.join(dir, 'assets', 'big.js'), script);
    writeFileSync(path.join(dir, 'assets', 'big.css'), `.a{color:red}`.repeat(200));
    writeFileSync(path.join(dir, 'assets', 'small.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(4096) }));

    await precompressDir(dir);

    const file = path.join(dir, 'assets', 'big.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'assets', 'big.css.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'small.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'photo.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});
