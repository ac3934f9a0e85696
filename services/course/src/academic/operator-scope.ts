import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { notFound } from '@lms/jsonapi';

/**
 * What a campus's operator reaches: a platform `admin` every campus, an `lptk` account its own.
 * A list keeps the rows of the operator's campuses; a row of another campus is not found.
 */
export function operatorScoped<T extends ObjectLiteral>(
  auth: AuthContext,
  qb: SelectQueryBuilder<T>,
  alias: string,
): SelectQueryBuilder<T> {
  if (auth.role !== 'admin') qb.andWhere(`${alias}.tenant_id = :own`, { own: auth.tenantId });
  return qb;
}

/** The row when the operator manages its campus, else a 404 naming `what`. */
export function operatorManaged<T extends { tenantId: number }>(
  auth: AuthContext,
  found: T | null,
  what: string,
): T {
  if (!found || (auth.role !== 'admin' && found.tenantId !== auth.tenantId))
    throw notFound(`${what} not found`);
  return found;
}
