import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  badRequest,
  PAGE_META,
  pageMeta,
  ParseIdPipe,
  type ParsedQuery,
  respond,
  Responds,
} from '@lms/jsonapi';
import {
  answerResource,
  questionPreviewResource,
  bankQuery,
  questionQuery,
  questionResource,
  questionTagResource,
} from './questions.resource';
import {
  type AnswerCreate,
  answerCreateRules,
  type AnswerUpdate,
  answerUpdateRules,
  type QuestionCopy,
  questionCopyRules,
  type QuestionCreate,
  questionCreateRules,
  type QuestionUpdate,
  questionUpdateRules,
} from './questions.rules';
import { QuestionsService } from './questions.service';

/**
 * Questions and their answer options (spec 02 §7 "Questions and answers"), the question bank
 * (spec 03): every call for those who may author the exam or the course.
 */
@Controller('api/exam')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  /** `filter[exam_id]` (an exam's questions, `filter[package]` for one package) or `filter[course_id]` (the bank). */
  @Get('questions')
  @Responds(questionResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(questionQuery) query: ParsedQuery) {
    const [questions, total] = await this.questions.list(auth, query);
    return respond(questionResource, questions, { include: query.include, meta: pageMeta(total, query) });
  }

  /** The tags of the questions of the courses the caller teaches (`?course_id=` for one course). */
  @Get('questions/tags')
  @Responds(questionTagResource, { list: true })
  async tags(@CurrentAuth() auth: AuthContext, @Query('course_id') courseId?: string) {
    let course: number | undefined;
    if (courseId !== undefined) {
      course = Number(courseId);
      if (!Number.isSafeInteger(course) || course < 1)
        throw badRequest('course_id must be an id', 'course_id');
    }
    return respond(questionTagResource, await this.questions.tags(auth, course));
  }

  @Get('questions/:id')
  @Responds(questionResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(questionResource, await this.questions.get(auth, id), { include: ['answers'] });
  }

  /** The question filled from item `?item=` (1-based; the first) of its dataset, its formulas computed. */
  @Get('questions/:id/preview')
  @Responds(questionPreviewResource)
  async preview(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Query('item') item?: string,
  ) {
    let index: number | undefined;
    if (item !== undefined) {
      index = Number(item);
      if (!Number.isSafeInteger(index) || index < 1)
        throw badRequest('item must be a whole number from 1', 'item');
    }
    return respond(questionPreviewResource, await this.questions.preview(auth, id, index));
  }

  @Post('questions')
  @Responds(questionResource)
  async create(@CurrentAuth() auth: AuthContext, @Attributes(questionCreateRules) input: QuestionCreate) {
    return respond(questionResource, await this.questions.create(auth, input), {
      include: ['answers'],
    });
  }

  @Patch('questions/:id')
  @Responds(questionResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(questionUpdateRules) input: QuestionUpdate,
  ) {
    return respond(questionResource, await this.questions.update(auth, id, input), {
      include: ['answers'],
    });
  }

  @Delete('questions/:id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.questions.remove(auth, id);
  }

  @Post('answers')
  @Responds(answerResource)
  async createAnswer(@CurrentAuth() auth: AuthContext, @Attributes(answerCreateRules) input: AnswerCreate) {
    return respond(answerResource, await this.questions.createAnswer(auth, input));
  }

  @Patch('answers/:id')
  @Responds(answerResource)
  async updateAnswer(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(answerUpdateRules) input: AnswerUpdate,
  ) {
    return respond(answerResource, await this.questions.updateAnswer(auth, id, input));
  }

  @Delete('answers/:id')
  @HttpCode(204)
  async removeAnswer(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.questions.removeAnswer(auth, id);
  }

  /** The course's question bank (questions without an exam); `filter[tags]` narrows it. */
  @Get('courses/:courseId/questions')
  @Responds(questionResource, { list: true, meta: PAGE_META })
  async bank(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @JsonApiQuery(bankQuery) query: ParsedQuery,
  ) {
    const tags = query.filters
      .flatMap((filter) => (Array.isArray(filter.value) ? filter.value : [filter.value]))
      .map(String);
    const [questions, total] = await this.questions.bank(auth, courseId, {
      tags,
      limit: query.limit,
      offset: query.offset,
    });
    return respond(questionResource, questions, { include: query.include, meta: pageMeta(total, query) });
  }

  /** Copies questions of the bank or of another exam into a package of the exam (last, in order). */
  @Post('exams/:id/questions/copy')
  @Responds(questionResource, { list: true })
  async copy(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) examId: number,
    @Attributes(questionCopyRules) input: QuestionCopy,
  ) {
    return respond(questionResource, await this.questions.copy(auth, examId, input), {
      include: ['answers'],
    });
  }
}
