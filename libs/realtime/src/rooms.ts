/** The room every socket of a campus joins. */
export const tenantRoom = (tenantId: number): string => `tenant:${tenantId}`;

/** The room every socket of one user joins (all their tabs and devices, on every replica). */
export const userRoom = (tenantId: number, userId: number): string => `user:${tenantId}:${userId}`;

/**
 * The room of every socket opened with a token of one sign-in session: disconnected on this
 * replica when the session is revoked (each replica hears the revocation itself).
 */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
