import { Controller, Get, HttpCode, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '@lms/auth';
import { serviceUnavailable } from '@lms/jsonapi';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its database answers). */
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Public()
  @Get('healthz')
  @HttpCode(200)
  live() {
    return { meta: { status: 'ok' } };
  }

  @Public()
  @Get('readyz')
  async ready() {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw serviceUnavailable('Database is not reachable');
    }
    return { meta: { status: 'ready' } };
  }
}

@Module({ controllers: [HealthController] })
export class HealthModule {}
