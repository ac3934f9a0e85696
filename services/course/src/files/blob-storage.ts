/** Injection token of the course service's blob store (`openServiceStorage('course', …)` of @lms/storage). */
export const BLOB_STORAGE = Symbol('BLOB_STORAGE');

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
