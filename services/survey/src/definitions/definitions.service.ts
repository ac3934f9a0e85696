import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import {
  attributePointer,
  conflict,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import type { QuestionInput, SurveyUpdate } from './definitions.rules';
import { Survey, SurveyQuestion } from './survey.entity';

const surveyList = defineList<Survey>({
  entity: Survey,
  alias: 'survey',
  toMany: {
    questions: {
      entity: SurveyQuestion,
      alias: 'question',
      where: 'question.survey_id = survey.id',
      orderBy: ['index'],
    },
  },
});

/** Whether the caller is of the campus's staff: its administrators and lecturers write surveys. */
export const isStaff = (auth: AuthContext) => auth.role === 'admin' || auth.role === 'lecturer';

/**
 * Survey definitions of a campus (issue 19): its staff write them (questions on a 1–5 scale, one
 * or several options, free text); their author or an administrator changes them, and their
 * questions only until someone has answered. Another campus's survey is a 404.
 */
@Injectable()
export class DefinitionsService {
  constructor(private readonly dataSource: DataSource) {}

  list(auth: AuthContext, query: ParsedQuery): Promise<[Survey[], number]> {
    this.assertStaff(auth);
    return surveyList.page(
      this.dataSource,
      { where: ['survey.tenant_id = :tenantId'], params: { tenantId: auth.tenantId }, with: ['questions'] },
      query,
    );
  }

  async get(auth: AuthContext, id: number): Promise<Survey> {
    this.assertStaff(auth);
    return this.find(auth.tenantId, id);
  }

  async create(auth: AuthContext, input: SurveyUpdate & { name: string; questions: QuestionInput[] }) {
    this.assertStaff(auth);
    const questions = checkedQuestions(input.questions);
    const id = await this.dataSource.transaction(async (manager) => {
      const survey = await manager.save(
        Object.assign(new Survey(), {
          tenantId: auth.tenantId,
          name: input.name.trim(),
          description: input.description?.trim() ?? '',
          createdBy: auth.userId,
        }),
      );
      await this.writeQuestions(manager, survey.id, questions);
      return survey.id;
    });
    return this.find(auth.tenantId, id);
  }

  async update(auth: AuthContext, id: number, input: SurveyUpdate): Promise<Survey> {
    const survey = await this.get(auth, id);
    if (auth.role !== 'admin' && Number(survey.createdBy) !== auth.userId)
      throw forbidden('Only its author or an administrator changes a survey');
    const questions = input.questions && checkedQuestions(input.questions);
    await this.dataSource.transaction(async (manager) => {
      if (questions) {
        const [{ answered }] = await manager.query<Array<{ answered: boolean }>>(
          `SELECT EXISTS (SELECT 1 FROM survey_respondents r JOIN course_surveys cs ON cs.id = r.course_survey_id
           WHERE cs.survey_id = $1) AS answered`,
          [id],
        );
        if (answered)
          throw conflict('The survey has been answered: its questions no longer change', 'answered');
        await manager.delete(SurveyQuestion, { surveyId: id });
        await this.writeQuestions(manager, id, questions);
      }
      await manager.update(
        Survey,
        { id },
        {
          name: input.name?.trim() ?? survey.name,
          description: input.description?.trim() ?? survey.description,
        },
      );
    });
    return this.find(auth.tenantId, id);
  }

  /** The questions of a survey of the campus, in order. */
  async questions(tenantId: number, id: number): Promise<SurveyQuestion[]> {
    return (await this.find(tenantId, id)).questions ?? [];
  }

  private async find(tenantId: number, id: number): Promise<Survey> {
    const survey = await surveyList.one(this.dataSource, {
      where: ['survey.tenant_id = :tenantId', 'survey.id = :id'],
      params: { tenantId, id },
      with: ['questions'],
    });
    if (!survey) throw notFound('Survey not found');
    return survey;
  }

  private async writeQuestions(manager: EntityManager, surveyId: number, questions: QuestionInput[]) {
    await manager.save(
      questions.map((question, index) =>
        Object.assign(new SurveyQuestion(), {
          surveyId,
          index,
          text: question.text.trim(),
          type: question.type,
          options: question.options ?? [],
          required: question.required ?? true,
        }),
      ),
    );
  }

  private assertStaff(auth: AuthContext) {
    if (!isStaff(auth)) throw forbidden('Only the staff of the campus write surveys');
  }
}

/** The questions as sent, refused (422, each by its pointer) when a choice question has no choices. */
function checkedQuestions(questions: QuestionInput[]): QuestionInput[] {
  const issues: ValidationIssue[] = [];
  questions.forEach((question, index) => {
    const options = question.options ?? [];
    const pointer = attributePointer(['questions', index, 'options']);
    if (question.type === 'single' || question.type === 'multiple') {
      if (options.length < 2) issues.push({ pointer, detail: 'a choice question needs at least 2 options' });
      else if (new Set(options.map((option) => option.trim())).size !== options.length)
        issues.push({ pointer, detail: 'options must differ' });
    } else if (options.length > 0) {
      issues.push({ pointer, detail: `a ${question.type} question has no options` });
    }
  });
  if (issues.length > 0) throw unprocessable(issues);
  return questions.map((question) => ({ ...question, options: question.options?.map((o) => o.trim()) }));
}
