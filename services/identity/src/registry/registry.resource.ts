import { defineResource, z } from '@lms/jsonapi';
import type { RegistryKind, RegistryRecord } from './national-registry';

/** The registry's answer about one number. */
export interface RegistryCheck {
  kind: RegistryKind;
  number: string;
  records: RegistryRecord[];
}

/** A number checked in the national registry: found (with whom it names) or not. */
export const registryCheckResource = defineResource({
  name: 'RegistryCheck',
  type: 'registry_checks',
  schema: {
    kind: z.enum(['lecturer', 'student']),
    number: z.string(),
    found: z.boolean(),
    records: z.array(
      z.object({ name: z.string(), institution: z.string(), study_programme: z.string().nullable() }),
    ),
  },
  id: (check: RegistryCheck) => `${check.kind}-${check.number}`,
  attributes: (check: RegistryCheck) => ({
    kind: check.kind,
    number: check.number,
    found: check.records.length > 0,
    records: check.records.map((record) => ({
      name: record.name,
      institution: record.institution,
      study_programme: record.studyProgramme,
    })),
  }),
});
