import type { INestApplicationContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { AnswerSaver } from '../attempts/answer-saver';
import { AttemptsService } from '../attempts/attempts.service';
import type { StudentQuestionView } from '../attempts/attempt-views';
import { GradingService } from '../grading/grading.service';

/** How a demo student answers: well (every answer right) or hastily (first choices, a slip, no sums). */
type Manner = 'well' | 'hastily';

const ESSAYS: Record<Manner, string> = {
  well:
    '<p>I use <code>while</code> when I do not know how many times the loop will run, for example ' +
    'reading numbers until the user types 0. A <code>for</code> loop suits counting.</p>',
  hastily: '<p><code>while</code> is for when the loop is long.</p>',
};

/**
 * Two demo students take the demo quiz through the service's own operations, so the campus opens
 * with real scored work: student2 answers it well and the lecturer grades their essay; student3
 * answers hastily and their essay waits for a grader. student1 is left to take it.
 */
export async function seedDemoAttempts(
  app: INestApplicationContext,
  lecturer: AuthContext,
  examId: number,
): Promise<void> {
  const dataSource = app.get(DataSource);
  const attempts = app.get(AttemptsService);
  const saver = app.get(AnswerSaver);
  const options: Array<{ question_id: string; index: number; point: number; exact_answer: string | null }> =
    await dataSource.query(
      `SELECT a.question_id, a.index, a.point, a.exact_answer
         FROM question_answers a JOIN questions q ON q.id = a.question_id
        WHERE q.exam_id = $1`,
      [examId],
    );
  const rightOf = (questionId: number) =>
    options.filter((option) => Number(option.question_id) === questionId && option.point > 0);

  const answerOf = (view: StudentQuestionView, manner: Manner): unknown => {
    const { type, id, question, answers } = view.question;
    switch (type) {
      case 'multiple_choices':
      case 'parameterized_multiple_choices':
      case 'true_false':
        return { answer_index: [manner === 'well' ? rightOf(id)[0].index : answers[0].index] };
      case 'multiple_answers':
        return {
          answer_index: manner === 'well' ? rightOf(id).map((option) => option.index) : [answers[0].index],
        };
      case 'exact':
        return { value: manner === 'well' ? (rightOf(id)[0].exact_answer ?? '') : '4' };
      case 'parameterized': {
        // "… at {v} metres per second for {t} seconds": the student multiplies the two numbers
        const [v, t] = (question.replace(/<[^>]*>/g, '').match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
        return manner === 'well' && v !== undefined && t !== undefined ? { value: String(v * t) } : null;
      }
      case 'essay':
        return { text: ESSAYS[manner] };
      default:
        return null;
    }
  };

  const students: Array<{ id: string; username: string }> = await dataSource.query(
    `SELECT id, username FROM users WHERE tenant_id = $1 AND username IN ('student2', 'student3')`,
    [lecturer.tenantId],
  );
  // The quiz asks for no token, address or safe browser: starting reads nothing of the request.
  const request = {} as FastifyRequest;
  for (const student of students) {
    const manner: Manner = student.username === 'student2' ? 'well' : 'hastily';
    const auth: AuthContext = {
      ...lecturer,
      userId: Number(student.id),
      role: 'student',
      sessionId: 'demo-seed',
    };
    const attempt = await attempts.generate(auth, examId, request);
    const views = await attempts.questions(auth, attempt.id);
    for (const [seq, view] of views.entries()) {
      const answer = answerOf(view, manner);
      if (answer !== null) await saver.save(auth, view.id, { answer, seq: seq + 1 });
    }
    await attempts.finishOwn(auth, attempt.id);
    if (manner === 'well') {
      const essay = views.find((view) => view.question.type === 'essay');
      if (essay) await app.get(GradingService).gradeEssay(lecturer, essay.id, 85);
    }
  }
}
