/**
 * Files downloaded for the viewer, kept outside the store (which holds only serializable values):
 * the cache keeps a handle, the bytes stay here until the cache forgets the handle. An object URL
 * would not do: the site's CSP (`connect-src 'self'`) does not let pdf.js fetch `blob:` addresses.
 */
const blobs = new Map<string, Blob>();
let sequence = 0;

/** Keeps the blob; answers its handle. */
export function keepBlob(blob: Blob): string {
  const handle = `blob-${++sequence}`;
  blobs.set(handle, blob);
  return handle;
}

export function blobOf(handle: string): Blob | undefined {
  return blobs.get(handle);
}

export function forgetBlob(handle: string): void {
  blobs.delete(handle);
}
