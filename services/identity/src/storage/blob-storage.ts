/** Injection token of the identity service's blob store (`openServiceStorage('identity', …)` of @lms/storage): avatars. */
export const BLOB_STORAGE = Symbol('IDENTITY_BLOB_STORAGE');
