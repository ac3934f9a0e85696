import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { applyQuery, attributePointer, notFound, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { importProblems } from '@lms/storage';
import { Course } from '../courses/course.entity';
import { Period } from '../courses/period.entity';
import { Faculty } from '../faculties/faculty.entity';
import { TenantProjection } from '../tenants/tenant-projection.entity';
import {
  type CourseInput,
  createCourse,
  createFaculty,
  createPeriod,
  type FacultyInput,
  type PeriodInput,
  updateCourse,
  updateFaculty,
  updatePeriod,
} from './academic.data';
import { importCourses } from './course-import';
import { operatorManaged, operatorScoped } from './operator-scope';

/**
 * The academic structure as the campus's operators manage it: a platform `admin` every campus,
 * an `lptk` account its own (another campus's periods, faculties and courses are not found).
 */
@Injectable()
export class AcademicService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
  ) {}

  /** The campus a new row goes to: the caller's unless `campus_id` names another one an admin manages. */
  async campusFor(auth: AuthContext, requested: number | undefined): Promise<number> {
    if (requested === undefined || requested === auth.tenantId) return auth.tenantId;
    if (auth.role !== 'admin') throw notFound('Campus not found');
    const campus = await this.dataSource.getRepository(TenantProjection).existsBy({ id: requested });
    if (!campus)
      throw unprocessable([{ pointer: attributePointer('campus_id'), detail: 'campus_id is not a campus' }]);
    return requested;
  }

  listPeriods(auth: AuthContext, query: ParsedQuery) {
    const qb = this.dataSource.getRepository(Period).createQueryBuilder('period');
    return applyQuery(operatorScoped(auth, qb, 'period'), query).getManyAndCount();
  }

  async period(auth: AuthContext, id: number) {
    return operatorManaged(auth, await this.dataSource.getRepository(Period).findOneBy({ id }), 'Period');
  }

  async addPeriod(auth: AuthContext, campusId: number | undefined, input: PeriodInput) {
    const tenantId = await this.campusFor(auth, campusId);
    return this.unit.run((manager) => createPeriod(manager, tenantId, input));
  }

  async changePeriod(auth: AuthContext, id: number, changes: Partial<PeriodInput>) {
    const period = await this.period(auth, id);
    return this.unit.run((manager) => updatePeriod(manager, period, changes, auth.userId));
  }

  listFaculties(auth: AuthContext, query: ParsedQuery) {
    const qb = this.dataSource.getRepository(Faculty).createQueryBuilder('faculty');
    return applyQuery(operatorScoped(auth, qb, 'faculty'), query).getManyAndCount();
  }

  async faculty(auth: AuthContext, id: number) {
    return operatorManaged(auth, await this.dataSource.getRepository(Faculty).findOneBy({ id }), 'Faculty');
  }

  async addFaculty(auth: AuthContext, campusId: number | undefined, input: FacultyInput) {
    const tenantId = await this.campusFor(auth, campusId);
    return this.unit.run((manager) => createFaculty(manager, tenantId, input));
  }

  async changeFaculty(auth: AuthContext, id: number, changes: Partial<FacultyInput>) {
    const faculty = await this.faculty(auth, id);
    return this.unit.run((manager) => updateFaculty(manager, faculty, changes));
  }

  private courses() {
    return this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.assistants', 'assistant')
      .leftJoinAndSelect('course.classes', 'class');
  }

  listCourses(auth: AuthContext, query: ParsedQuery) {
    return applyQuery(operatorScoped(auth, this.courses(), 'course'), query).getManyAndCount();
  }

  async course(auth: AuthContext, id: number) {
    const found = await this.courses().where('course.id = :id', { id }).getOne();
    return operatorManaged(auth, found, 'Course');
  }

  async addCourse(auth: AuthContext, campusId: number | undefined, input: CourseInput) {
    const tenantId = await this.campusFor(auth, campusId);
    const course = await this.unit.run((manager) =>
      createCourse(manager, { tenantId, userId: auth.userId }, input),
    );
    return this.course(auth, course.id);
  }

  async changeCourse(auth: AuthContext, id: number, changes: Partial<CourseInput>) {
    const course = await this.course(auth, id);
    await this.unit.run((manager) =>
      updateCourse(manager, { tenantId: course.tenantId, userId: auth.userId }, course, changes),
    );
    return this.course(auth, id);
  }

  /**
   * Imports the courses of a workbook into a campus (`course-import.ts`). A dry run answers what
   * each row would do (bad rows with their problems); an import with any bad row is a 422 naming
   * each row, column and reason, and writes nothing.
   */
  async importCourses(auth: AuthContext, campusId: number | undefined, content: Buffer, dryRun: boolean) {
    const tenantId = await this.campusFor(auth, campusId);
    const result = await importCourses(
      (work) => this.unit.run(work),
      { tenantId, userId: auth.userId },
      content,
      { dryRun },
    );
    if (!result.ok) throw importProblems(result.problems);
    const { report } = result;
    if (!dryRun && report.counts.error > 0)
      throw importProblems(
        report.rows.flatMap((row) => row.problems.map((problem) => ({ row: row.row, ...problem }))),
      );
    return report;
  }
}
