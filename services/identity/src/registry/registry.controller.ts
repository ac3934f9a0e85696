import { Controller, Get, Param } from '@nestjs/common';
import { Roles } from '@lms/auth';
import { respond, Responds } from '@lms/jsonapi';
import { registryCheckResource } from './registry.resource';
import { RegistryChecksService } from './registry.service';

/**
 * The national higher-education registry for operators (platform `admin`, `lptk`): whether a
 * lecturer's NIDN or a student's NIM is known there, and to whom at which institution — checked
 * before or after a user is added (the user import does not wait on the registry).
 */
@Controller('api/admin/registry')
@Roles('admin', 'lptk')
export class RegistryController {
  constructor(private readonly checks: RegistryChecksService) {}

  /** The lecturers the registry holds under the NIDN (`found: false` when none). */
  @Get('lecturers/:nidn')
  @Responds(registryCheckResource)
  async lecturer(@Param('nidn') nidn: string) {
    return respond(registryCheckResource, await this.checks.check('lecturer', nidn));
  }

  /** The students the registry holds under the NIM, at any institution (`found: false` when none). */
  @Get('students/:nim')
  @Responds(registryCheckResource)
  async student(@Param('nim') nim: string) {
    return respond(registryCheckResource, await this.checks.check('student', nim));
  }
}
