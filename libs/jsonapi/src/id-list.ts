import { unprocessable } from './errors';
import { attributePointer } from './schema';

/**
 * The items of a validated array attribute as positive whole ids (numbers or digit strings);
 * anything else is a 422 pointing at `field`.
 */
export function idList(values: unknown[], field: string): number[] {
  const ids = values.map((value) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  );
  if (!ids.every((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)) {
    throw unprocessable([{ pointer: attributePointer(field), detail: `${field} must be a list of ids` }]);
  }
  return ids;
}
