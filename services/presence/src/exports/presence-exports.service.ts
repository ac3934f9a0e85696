import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { type BlobStorage, putWritten } from '@lms/storage';
import { PresencesService } from '../sessions/presences.service';
import type { PresenceType } from '../sessions/presence.entity';
import { type RecapSession, type RecapStudent, writeRecapWorkbook } from './presence-workbook';
import { PRESENCE_STORAGE } from './presence-storage';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How long an export's link works. */
export const EXPORT_LINK_SECONDS = 300;
/** Largest export stored (and served by the local-disk links). */
export const MAX_EXPORT_BYTES = 50 * 1024 * 1024;

/** A stored export and the short-lived link that downloads it. */
export interface PresenceExportLink {
  id: string;
  url: string;
  filename: string;
  expiresAt: Date;
}

/** A file name's safe form: letters, digits, dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'presence';

/**
 * The attendance exports for the staff of a course and the campus's administrators (spec 03 §7): the recap of a class (every
 * session) and one session, written as .xlsx into the blob store (one file per class or session,
 * replaced by the next export) and answered as a link valid EXPORT_LINK_SECONDS.
 */
@Injectable()
export class PresenceExportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly presences: PresencesService,
    @Inject(PRESENCE_STORAGE) private readonly storage: BlobStorage,
  ) {}

  /** `GET /presence-export/recap/export/{courseId}/{classId}`. */
  async recap(auth: AuthContext, courseId: number, classId: number): Promise<PresenceExportLink> {
    await this.presences.assertStaffOf(auth, courseId, 'read');
    const classes = await this.projections.classesOfCourse(auth.tenantId, courseId);
    const courseClass = classes.find((item) => Number(item.id) === classId);
    if (!courseClass) throw notFound('Class not found');
    const sessions: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM presences WHERE tenant_id = $1 AND class_id = $2 ORDER BY start_at, id`,
      [auth.tenantId, classId],
    );
    const course = await this.projections.course(auth.tenantId, courseId);
    return this.write(
      auth,
      `recap-${courseId}-${classId}`,
      `${course?.code ?? courseId} ${courseClass.name}`,
      sessions.map((row) => Number(row.id)),
    );
  }

  /** `GET /presence-export/export/{id}`: one session (a recap of one column). */
  async session(auth: AuthContext, id: number): Promise<PresenceExportLink> {
    const session = await this.presences.readable(auth, id);
    await this.presences.assertStaffOf(auth, Number(session.courseId), 'read');
    const [courseClass]: Array<{ name: string }> = await this.dataSource.query(
      `SELECT name FROM course_classes WHERE id = $1`,
      [session.classId],
    );
    const start = formatWireDate(session.startAt, auth.timeZone).slice(0, 16);
    return this.write(auth, `session-${id}`, `${courseClass?.name ?? session.classId} ${start}`, [id]);
  }

  private async write(
    auth: AuthContext,
    name: string,
    title: string,
    sessionIds: number[],
  ): Promise<PresenceExportLink> {
    const rows: Array<{ id: string; act_code: string | null; start_at: Date }> = await this.dataSource.query(
      `SELECT id, act_code, start_at FROM presences WHERE id = ANY($1::bigint[]) ORDER BY start_at, id`,
      [sessionIds],
    );
    const sessions: RecapSession[] = rows.map((row) => ({
      id: Number(row.id),
      label: row.act_code ?? formatWireDate(row.start_at, auth.timeZone).slice(0, 16),
    }));
    const rosters = await this.presences.rosters(sessionIds);
    const students = new Map<number, RecapStudent & { marks: Map<number, PresenceType> }>();
    for (const [sessionId, roster] of rosters)
      for (const detail of roster) {
        const student = students.get(detail.user_id) ?? {
          code: detail.code ?? String(detail.user_id),
          name: detail.name,
          marks: new Map<number, PresenceType>(),
        };
        if (detail.type !== null) student.marks.set(sessionId, detail.type);
        students.set(detail.user_id, student);
      }
    const ordered = [...students.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code),
    );
    const key = `presence/${auth.tenantId}/exports/${name}.xlsx`;
    const filename = `presence-${slug(title)}.xlsx`;
    await putWritten(this.storage, key, { contentType: XLSX_MIME, maxBytes: MAX_EXPORT_BYTES }, (out) =>
      writeRecapWorkbook(
        { title, generatedAt: formatWireDate(new Date(), auth.timeZone), sessions, students: ordered },
        out,
      ),
    );
    const url = await this.storage.presignGet(key, EXPORT_LINK_SECONDS, { downloadName: filename });
    return { id: name, url, filename, expiresAt: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000) };
  }
}
