/** Loading page chunks (spec 01 §8/§9): a time-out of 120 s, and failures told apart by code. */

export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorCode = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly code: ChunkErrorCode = 'ChunkLoadError',
  ) {
    super(message);
  }
}

const SCRIPT_FAILURE =
  /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk .* failed/i;
const STYLE_FAILURE = /preload CSS|CSS_CHUNK_LOAD_FAILED|Loading CSS chunk/i;

/** The chunk failure code of an error, or null for any other error. */
export function chunkErrorCode(error: unknown): ChunkErrorCode | null {
  if (error instanceof ChunkLoadError) return error.code;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '');
  if (STYLE_FAILURE.test(message)) return 'CSS_CHUNK_LOAD_FAILED';
  if (SCRIPT_FAILURE.test(message)) return 'ChunkLoadError';
  return null;
}

/** Loads a chunk; a failure or a load longer than the time-out rejects with a coded ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a page chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load()
      .then(resolve, (error: unknown) => {
        const code = chunkErrorCode(error);
        reject(
          code ? new ChunkLoadError(error instanceof Error ? error.message : String(error), code) : error,
        );
      })
      .finally(() => clearTimeout(timer));
  });
}
