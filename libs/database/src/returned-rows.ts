/**
 * The rows of a `manager.query()` with RETURNING: TypeORM's PostgreSQL driver answers UPDATE and
 * DELETE with `[rows, affectedCount]` and INSERT / SELECT with the rows themselves.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
