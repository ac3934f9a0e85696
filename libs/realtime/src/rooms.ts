/** The room every socket of a campus joins. */
export const tenantRoom = (tenantId: number): string => `tenant:${tenantId}`;

/** The room every socket of one user joins (all their tabs and devices, on every replica). */
export const userRoom = (tenantId: number, userId: number): string => `user:${tenantId}:${userId}`;
