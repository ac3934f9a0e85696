import { Controller, Get, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { badRequest, type RawQuery, respond, Responds } from '@lms/jsonapi';
import { optionalId } from './course-id';
import { GradebookExportService } from './gradebook-export.service';
import { GradebookService } from './gradebook.service';
import { GRADEBOOK_META, gradebookExportResource, gradebookRowResource } from './gradebook.resource';

/** `GET /gradebook?course_id=…[&class_id=…][&student_name=…]` (docs/gradebook.md). */
@Controller('api/gradebook')
export class GradebookController {
  constructor(
    private readonly gradebook: GradebookService,
    private readonly exports: GradebookExportService,
  ) {}

  /**
   * `?course_id=…` (staff): writes the course's workbook (.xlsx: a sheet per class, formulas for
   * the final score and band) to the blob store and answers a short-lived download link.
   */
  @Get('export')
  @Responds(gradebookExportResource)
  async export(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const courseId = optionalId(raw, 'course_id');
    if (courseId === undefined) throw badRequest('course_id is required', 'course_id');
    return respond(gradebookExportResource, await this.exports.export(auth, courseId));
  }

  /**
   * Staff: every student of the course (or the class), name search on `student_name`. A student:
   * their own row once the gradebook is published (404 "The gradebook is not published" before).
   */
  @Get()
  @Responds(gradebookRowResource, { list: true, meta: GRADEBOOK_META })
  async read(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const courseId = optionalId(raw, 'course_id');
    if (courseId === undefined) throw badRequest('course_id is required', 'course_id');
    const name = raw.student_name;
    if (name !== undefined && (typeof name !== 'string' || name.length > 200))
      throw badRequest('student_name must be a text of at most 200 characters', 'student_name');
    const book = await this.gradebook.read(auth, {
      courseId,
      classId: optionalId(raw, 'class_id'),
      studentName: name,
    });
    return respond(gradebookRowResource, book.rows, {
      meta: {
        columns: book.columns,
        bands: book.bands,
        published: book.published,
        weights_total: book.weightsTotal,
        class_id: book.classId,
        course_id: book.courseId,
        total: book.rows.length,
      },
    });
  }
}
