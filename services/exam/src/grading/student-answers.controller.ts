import { Controller, Get } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { badRequest, PAGE_META, pageMeta, type ParsedQuery, respond, Responds } from '@lms/jsonapi';
import {
  studentAnswerRecordResource,
  studentAnswersQuery,
  studentQuestionReviewResource,
  studentQuestionViewQuery,
} from './grading.resource';
import { StudentAnswersService } from './student-answers.service';

/** The value of `filter[name]=n`, if given. */
function filterValue(query: ParsedQuery, name: string): number | undefined {
  const filter = query.filters.find((candidate) => candidate.field === name);
  return typeof filter?.value === 'number' ? filter.value : undefined;
}

/** The older read paths of answers (spec 02 §7 "Taking and grading"). */
@Controller('api/exam')
export class StudentAnswersController {
  constructor(private readonly answers: StudentAnswersService) {}

  /**
   * Answers of an attempt (`filter[student_exam_id]`) and/or of a question (`filter[question_id]`),
   * by student and position: every student's for the exam's staff, the caller's own for a student
   * (another student's attempt: 404), scores only where the reader may see them.
   */
  @Get('studentanswers')
  @Responds(studentAnswerRecordResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentAnswersQuery) query: ParsedQuery) {
    const [rows, total] = await this.answers.answers(
      auth,
      {
        studentExamId: filterValue(query, 'student_exam_id'),
        questionId: filterValue(query, 'question_id'),
      },
      query,
    );
    return respond(studentAnswerRecordResource, rows, { meta: pageMeta(total, query) });
  }

  /**
   * One question of an attempt with its answer (`filter[student_question_id]`), as the attempt's
   * result shows it: staff see all; its student once finished, with points and the solution only
   * as the exam allows (403 `not_finished` before).
   */
  @Get('studentquestions/view')
  @Responds(studentQuestionReviewResource)
  async view(@CurrentAuth() auth: AuthContext, @JsonApiQuery(studentQuestionViewQuery) query: ParsedQuery) {
    const id = filterValue(query, 'student_question_id');
    if (id === undefined)
      throw badRequest('filter[student_question_id] is required', 'filter[student_question_id]');
    return respond(studentQuestionReviewResource, await this.answers.review(auth, id));
  }
}
