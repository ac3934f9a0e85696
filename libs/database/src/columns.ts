import type { ValueTransformer } from 'typeorm';

/**
 * numeric ↔ number for a TypeORM column: the driver reads `numeric` as a string (exactly), and
 * scores, percentages and grades are small enough for a double.
 */
export const numericColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
