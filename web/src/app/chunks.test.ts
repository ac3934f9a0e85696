import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkErrorCode, loadChunk } from './chunks';

describe('page chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('tells script and stylesheet chunk failures apart from other errors', () => {
    expect(chunkErrorCode(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      'ChunkLoadError',
    );
    expect(chunkErrorCode(new TypeError('error loading dynamically imported module'))).toBe('ChunkLoadError');
    expect(chunkErrorCode(new Error('Unable to preload CSS for /assets/x.css'))).toBe(
      'CSS_CHUNK_LOAD_FAILED',
    );
    expect(chunkErrorCode(new ChunkLoadError('x', 'CSS_CHUNK_LOAD_FAILED'))).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkErrorCode(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(chunkErrorCode(undefined)).toBeNull();
  });

  it('passes a loaded chunk through and codes a failed one', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'ChunkLoadError' });
    const other = new Error('boom');
    await expect(loadChunk(() => Promise.reject(other))).rejects.toBe(other);
  });

  it('gives up after 120 seconds (spec 01 §9)', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = expect(loading).rejects.toMatchObject({ code: 'ChunkLoadError' });
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await outcome;
  });
});
