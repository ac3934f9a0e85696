/** Injection token of the task service's blob store (`openServiceStorage('task', …)` of @lms/storage). */
export const TASK_STORAGE = Symbol('TASK_BLOB_STORAGE');
