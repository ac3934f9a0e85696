/** Injection token of the presence service's blob store (the attendance exports). */
export const PRESENCE_STORAGE = Symbol('PRESENCE_STORAGE');
