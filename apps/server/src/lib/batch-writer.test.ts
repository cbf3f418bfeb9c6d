import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer';

const options = { batchSize: 3, queueLimit: 5, flushIntervalMs: 10_000 };

describe('BatchWriter', () => {
  it('writes in batches of at most batchSize, in order, one call per batch', async () => {
    const calls: number[][] = [];
    const writer = new BatchWriter<number>(async (rows) => void calls.push(rows), {
      ...options,
      queueLimit: 100,
    });
    for (let i = 1; i <= 7; i += 1) writer.push(i);
    await writer.flush();
    expect(calls.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls.every((batch) => batch.length <= 3)).toBe(true);
    expect(writer.written).toBe(7);
    expect(writer.pending).toBe(0);
  });

  it('drops (and counts) rows beyond the queue limit instead of growing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writer = new BatchWriter<number>(async () => gate, { ...options, batchSize: 100 });
    const accepted = Array.from({ length: 8 }, (_, i) => writer.push(i));
    expect(accepted).toEqual([true, true, true, true, true, false, false, false]);
    expect(writer.dropped).toBe(3);
    release();
    await writer.flush();
    expect(writer.written).toBe(5);
  });

  it('push never waits for a slow write', async () => {
    const writer = new BatchWriter<number>(() => new Promise(() => {}), { ...options, queueLimit: 100 });
    const started = performance.now();
    for (let i = 0; i < 50; i += 1) writer.push(i);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('puts a failed batch back and writes it on the next flush', async () => {
    let fail = true;
    const written: number[] = [];
    const writer = new BatchWriter<number>(
      async (rows) => {
        if (fail) throw new Error('database down');
        written.push(...rows);
      },
      { ...options, batchSize: 10 },
    );
    writer.push(1);
    writer.push(2);
    await writer.flush();
    expect(writer.pending).toBe(2);
    fail = false;
    await writer.stop();
    expect(written).toEqual([1, 2]);
  });

  it('splits a batch a row error failed: good rows written, each bad row dropped and counted', async () => {
    const rowError = Object.assign(new Error('invalid input'), { code: '22P05' });
    const calls: number[][] = [];
    const written: number[] = [];
    const writer = new BatchWriter<number>(
      async (rows) => {
        calls.push(rows);
        if (rows.includes(3) || rows.includes(6)) throw rowError;
        written.push(...rows);
      },
      { ...options, batchSize: 8, queueLimit: 100, isRowError: (error) => error === rowError },
    );
    for (let i = 1; i <= 8; i += 1) writer.push(i);
    await writer.flush();
    expect(written.sort()).toEqual([1, 2, 4, 5, 7, 8]);
    expect(writer).toMatchObject({ written: 6, rejected: 2, pending: 0, dropped: 0 });
    // Bisection: far fewer writes than one per row would take on a large batch.
    expect(calls.length).toBeLessThanOrEqual(1 + 2 * 2 * Math.ceil(Math.log2(8)));
  });

  it('keeps every row for later when the failure is not about the rows (database down)', async () => {
    let down = true;
    const written: number[] = [];
    const writer = new BatchWriter<number>(
      async (rows) => {
        if (down) throw new Error('connection refused');
        written.push(...rows);
      },
      { ...options, batchSize: 10, isRowError: () => false },
    );
    [1, 2, 3].forEach((i) => writer.push(i));
    await writer.flush();
    expect(writer).toMatchObject({ pending: 3, rejected: 0 });
    down = false;
    await writer.flush();
    expect(written).toEqual([1, 2, 3]);
  });
});
