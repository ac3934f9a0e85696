import { PassThrough, type Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { type BlobInfo, BlobNotFoundError, type BlobStorage, type PutOptions } from './storage';

const logger = new Logger('StoredFiles');

/**
 * Stores what `write` produces under `key` as it is produced (an export of any size, nothing held
 * whole in memory) and answers the stored blob with what `write` answered. When either side fails
 * — the writer, or the store (too large, unreachable) — nothing stays stored and the error is thrown.
 */
export async function putWritten<T>(
  storage: BlobStorage,
  key: string,
  options: PutOptions,
  write: (out: Writable) => Promise<T>,
): Promise<{ stored: BlobInfo; result: T }> {
  const pipe = new PassThrough();
  const writing = write(pipe).then(
    (result) => {
      pipe.end();
      return result;
    },
    (error: unknown) => {
      pipe.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
  try {
    const [stored, result] = await Promise.all([storage.put(key, pipe, options), writing]);
    return { stored, result };
  } catch (error) {
    // Whichever failed first, the other side stops too.
    pipe.destroy();
    await writing.catch(() => undefined);
    await removeQuietly(storage, key);
    throw error;
  }
}

/** Removes a blob, logging (not throwing) a failure; one already gone is no failure. */
export async function removeQuietly(storage: BlobStorage, key: string): Promise<void> {
  await storage.remove(key).catch((error: unknown) => {
    if (!(error instanceof BlobNotFoundError)) logger.warn(`could not remove ${key}: ${String(error)}`);
  });
}

/**
 * A link that downloads the stored blob as `downloadName` for `expirySeconds`, or null when the
 * blob is no longer stored (the caller answers its own 404).
 */
export async function linkToStored(
  storage: BlobStorage,
  key: string,
  expirySeconds: number,
  downloadName: string,
): Promise<string | null> {
  try {
    await storage.stat(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
  return storage.presignGet(key, expirySeconds, { downloadName });
}
