import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { closeOnSignals, kafkaTransportFromEnv } from '@lms/platform';
import { startCourse } from './bootstrap';
import { CourseConfig } from './config';
import { seedCourseDemo } from './seed/demo.seed';

/** Stack mode: the course service as its own process, events on Kafka. */
async function main() {
  const config = CourseConfig.fromEnv();
  const transport = kafkaTransportFromEnv('course');
  const app = await startCourse(config, transport, { host: '0.0.0.0' });
  closeOnSignals(app, transport, 'course');
  if (process.env.SEED_DEMO === '1')
    void seedWhenProjected(app.get(DataSource), Number(process.env.DEMO_TENANT_ID ?? 1));
}

/** The demo users arrive by event from identity; seed once they are all here. */
async function seedWhenProjected(dataSource: DataSource, tenantId: number) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await seedCourseDemo(dataSource, tenantId);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  new Logger('course').error('demo users never arrived from identity; demo course not created');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
