import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { PlatformRole } from '@lms/auth';
import { type EventEnvelope, InProcessTransport } from '@lms/events';
import { ApiClient, createTestDatabase, createTestIssuer, type JsonResource, mintToken } from '@lms/testing';
import { CourseConfig, startCourse } from '../../src';
import { CourseFile } from '../../src/contents/course-file.entity';
import { ClassStudent } from '../../src/courses/class-student.entity';
import { CourseAssistant } from '../../src/courses/course-assistant.entity';
import { CourseClass } from '../../src/courses/course-class.entity';
import { Course } from '../../src/courses/course.entity';
import { UserProjection } from '../../src/users/user-projection.entity';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/**
 * One course service against a fresh database, with factories for users (the projection),
 * courses, classes and staff, and tokens minted per role and campus.
 */
export class CourseHarness {
  readonly issuer = createTestIssuer();
  readonly transport = new InProcessTransport();
  app!: NestFastifyApplication;
  ds!: DataSource;
  api!: ApiClient;
  private db!: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Where the service keeps its files (local-disk blobs): a fresh directory per harness. */
  readonly dataDir = mkdtempSync(join(tmpdir(), 'lms-course-'));
  baseUrl!: string;
  private nextUserId = 1000;

  constructor(private readonly env: Record<string, string> = {}) {}

  async start(): Promise<this> {
    this.db = await createTestDatabase('course');
    this.app = await startCourse(
      CourseConfig.fromEnv({
        DATABASE_URL: this.db.url,
        JWT_PUBLIC_KEY: this.issuer.publicKeyPem,
        PORT: '0',
        DATA_DIR: this.dataDir,
        ...this.env,
      }),
      this.transport,
      { logLevel: process.env.TEST_LOG_LEVEL ?? 'error' },
    );
    this.transport.open();
    this.ds = this.app.get(DataSource);
    const address = this.app.getHttpServer().address();
    this.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.api = new ApiClient(this.baseUrl);
    return this;
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.db.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  async user(tenantId: number, role: PlatformRole, overrides: Partial<UserProjection> = {}) {
    const id = this.nextUserId++;
    return this.ds.getRepository(UserProjection).save({
      id,
      tenantId,
      username: `u${id}`,
      name: `User ${id}`,
      email: null,
      thumbnail: null,
      role,
      active: true,
      nidn: null,
      nim: null,
      sourceUpdatedAt: new Date(),
      ...overrides,
    });
  }

  course(tenantId: number, lecturerId: number | null, overrides: Partial<Course> = {}) {
    return this.ds
      .getRepository(Course)
      .save({ tenantId, lecturerId, name: 'Course', code: null, ...overrides });
  }

  courseClass(tenantId: number, courseId: number, name = `Class ${courseId}`) {
    return this.ds.getRepository(CourseClass).save({ tenantId, courseId, name });
  }

  /** Puts students into a (new, unless given) class of the course; returns the class. */
  async enrol(courseId: number, tenantId: number, studentIds: number[], existing?: CourseClass) {
    const courseClass = existing ?? (await this.courseClass(tenantId, courseId));
    if (studentIds.length > 0) {
      await this.ds
        .getRepository(ClassStudent)
        .insert(studentIds.map((userId) => ({ classId: courseClass.id, userId })));
    }
    return courseClass;
  }

  assist(courseId: number, userId: number, isCoordinator = false) {
    return this.ds.getRepository(CourseAssistant).insert({ courseId, userId, isCoordinator });
  }

  /**
   * Records a file as uploaded to the course by the user (what `POST contents/upload` records
   * after storing the bytes), without storing bytes; returns its key.
   */
  async uploaded(courseId: number, userId: number, facts = { size: 100, mime: 'application/pdf' }) {
    const [course]: Array<{ tenant_id: number }> = await this.ds.query(
      `SELECT tenant_id FROM courses WHERE id = $1`,
      [courseId],
    );
    const blobKey = `course/${course.tenant_id}/${courseId}/${randomUUID()}`;
    await this.ds.getRepository(CourseFile).insert({
      blobKey,
      courseId,
      tenantId: course.tenant_id,
      addedBy: userId,
      origin: 'upload',
      ...facts,
    });
    return blobKey;
  }

  token(userId: number, role: PlatformRole, tenantId = 1) {
    return mintToken(this.issuer, { userId, role, tenantId });
  }

  async as(user: { id: number; role: PlatformRole; tenantId: number }): Promise<ApiClient> {
    return this.api.as(await this.token(user.id, user.role, user.tenantId));
  }

  /** Events of a type written to the outbox, oldest first. */
  async events<T = Record<string, unknown>>(type: string): Promise<Array<EventEnvelope<T>>> {
    const rows: Array<{ envelope: EventEnvelope<T> }> = await this.ds.query(
      `SELECT envelope FROM outbox WHERE type = $1 ORDER BY created_at, envelope->>'occurredAt'`,
      [type],
    );
    return rows.map((row) => row.envelope);
  }
}

/** A typical cast: a course of campus 1 with its lecturer, an assistant, an enrolled student and outsiders. */
export async function cast(h: CourseHarness) {
  const lecturer = await h.user(1, 'lecturer');
  const assistant = await h.user(1, 'lecturer');
  const student = await h.user(1, 'student');
  const stranger = await h.user(1, 'lecturer');
  const outsider = await h.user(2, 'lecturer');
  const course = await h.course(1, lecturer.id, { name: 'Databases', code: 'DB1' });
  await h.assist(course.id, assistant.id);
  const courseClass = await h.enrol(course.id, 1, [student.id]);
  return {
    lecturer,
    assistant,
    student,
    stranger,
    outsider,
    course,
    courseClass,
    asLecturer: await h.as(lecturer),
    asAssistant: await h.as(assistant),
    asStudent: await h.as(student),
    asStranger: await h.as(stranger),
    asOutsider: await h.as(outsider),
  };
}
