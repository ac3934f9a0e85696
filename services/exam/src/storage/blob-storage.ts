/** Injection token of the exam service's blob store (`openServiceStorage('exam', …)` of @lms/storage). */
export const BLOB_STORAGE = Symbol('EXAM_BLOB_STORAGE');
