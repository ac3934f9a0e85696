import { Inject, Injectable } from '@nestjs/common';
import { badRequest } from '@lms/jsonapi';
import { UpstreamError, upstreamAnswer } from '@lms/platform';
import { NATIONAL_REGISTRY, type NationalRegistry, type RegistryKind } from './national-registry';
import type { RegistryCheck } from './registry.resource';

/** A NIDN or NIM: digits, as the registry writes them. */
const NUMBER = /^[0-9]{4,20}$/;

/** Operators check a lecturer's NIDN or a student's NIM in the national registry. */
@Injectable()
export class RegistryChecksService {
  constructor(@Inject(NATIONAL_REGISTRY) private readonly registry: NationalRegistry) {}

  /**
   * What the registry holds under the number; its absence (503), silence past 5 s (504) or a
   * malformed answer (502) is said as such, never as a failure of ours.
   */
  async check(kind: RegistryKind, number: string): Promise<RegistryCheck> {
    const name = kind === 'lecturer' ? 'nidn' : 'nim';
    if (!NUMBER.test(number)) throw badRequest(`The ${name} is 4 to 20 digits`, name);
    try {
      return { kind, number, records: await this.registry.lookUp(kind, number) };
    } catch (error) {
      if (error instanceof UpstreamError) throw upstreamAnswer(error);
      throw error;
    }
  }
}
