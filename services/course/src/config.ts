import { ConfigReader } from '@lms/platform';

/** The course service's configuration, read once at boot (see .env.example). */
export class CourseConfig {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): CourseConfig {
    const read = new ConfigReader(env);
    const config = Object.assign(new CourseConfig(), {
      port: read.int('PORT', 3002),
      databaseUrl: read.string('DATABASE_URL'),
      jwtPublicKey: read.string('JWT_PUBLIC_KEY').replace(/\\n/g, '\n'),
    });
    read.done('course');
    return config;
  }
}
