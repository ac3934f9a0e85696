import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, many, one, resource, user } from '../test/factories';
import { json, serve } from '../test/server';

const student = () =>
  json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' }, '4')));
const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));
const quietLayout = {
  'GET /api/notifications/:userId': () => json(200, { ...many([]), meta: { total: 0, unread: 0 } }),
  'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
  'GET /api/course/announcements/popups': () => json(200, many([])),
};
const pathOf = (request: Request) => new URL(request.url).pathname;

const courseSurvey = (patch: object = {}) =>
  resource(
    'course-surveys',
    {
      survey_id: 5,
      course_id: 3,
      course_name: 'Algorithms and Programming',
      name: 'Course feedback',
      description: 'How is the course going?',
      is_open: true,
      answered: false,
      can_respond: false,
      responses: null,
      students: null,
      response: null,
      responded_at: null,
      created_at: '2026-03-01 08:00:00',
      ...patch,
    },
    '9',
  );
const questions = [
  resource(
    'survey-questions',
    { survey_id: 5, index: 0, text: 'Clear lectures', question_type: 'scale', options: [], required: true },
    '21',
  ),
  resource(
    'survey-questions',
    {
      survey_id: 5,
      index: 1,
      text: 'Helpful',
      question_type: 'multiple',
      options: ['Slides', 'Videos'],
      required: false,
    },
    '22',
  ),
  resource(
    'survey-questions',
    { survey_id: 5, index: 2, text: 'Suggestions', question_type: 'text', options: [], required: false },
    '23',
  ),
];
const results = (patch: object) =>
  resource(
    'survey-results',
    {
      survey_id: 5,
      course_id: 3,
      course_name: 'Algorithms and Programming',
      name: 'Course feedback',
      responses: 6,
      students: 8,
      response_rate: 0.75,
      minimum_responses: 5,
      hidden: false,
      questions: [
        {
          id: 21,
          index: 0,
          text: 'Clear lectures',
          type: 'scale',
          options: [],
          answered: 6,
          mean: 4.17,
          distribution: [1, 2, 3, 4, 5].map((value) => ({
            value,
            label: String(value),
            count: value > 3 ? 3 : 0,
          })),
        },
        {
          id: 23,
          index: 2,
          text: 'Suggestions',
          type: 'text',
          options: [],
          answered: 2,
          mean: null,
          distribution: null,
        },
      ],
      ...patch,
    },
    '9',
  );

describe('surveys', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lets a student answer an open survey once, saying which required question is missing', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': student,
      'GET /api/v2/survey': () => json(200, many([courseSurvey()])),
      'GET /api/v2/survey/course_survey/9': () => json(200, one(courseSurvey())),
      'GET /api/v2/survey/5/questions': () => json(200, many(questions)),
      'POST /api/v2/survey': () => json(201, one(courseSurvey({ answered: true }))),
    });
    start('/survey');
    const list = await screen.findByRole('list', { name: 'Surveys' });
    expect(within(list).getByText('Not answered yet')).toBeTruthy();
    fireEvent.click(within(list).getByRole('link', { name: 'Answer: Course feedback' }));
    await screen.findByRole('group', { name: /1\. Clear lectures/ });
    fireEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Answer every required question: 1.');
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Videos' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Suggestions' }), {
      target: { value: 'More labs' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && pathOf(call) === '/api/v2/survey')).toBe(true),
    );
    const post = calls.find((call) => call.method === 'POST' && pathOf(call) === '/api/v2/survey')!;
    expect(((await post.json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      course_id: 3,
      survey_id: 5,
      answers: [
        { question_id: 21, value: 4 },
        { question_id: 22, value: [1] },
        { question_id: 23, value: 'More labs' },
      ],
    });
  });

  it("shows the lecturer the response rate and each question's chart, or only the counts in a small class", async () => {
    let hidden = false;
    serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/v2/survey/course_survey/9': () =>
        json(200, one(courseSurvey({ responses: 6, students: 8, can_respond: true }))),
      'GET /api/v2/survey/lecturers': () =>
        json(200, many([results(hidden ? { responses: 3, response_rate: 0.375, hidden: true } : {})])),
      'GET /api/v2/survey/suggestions/5/3': () =>
        json(200, {
          ...many([
            resource(
              'survey-suggestions',
              { question_id: 23, question: 'Suggestions', text: 'More labs' },
              'a',
            ),
          ]),
          meta: { total: 1, limit: 10, offset: 0 },
        }),
    });
    start('/survey/9');
    expect(await screen.findByRole('heading', { name: 'Course feedback', level: 1 })).toBeTruthy();
    expect(await screen.findByText('75 %')).toBeTruthy();
    expect(screen.getByRole('figure', { name: /1\. Clear lectures — Mean: 4.17 of 5/ })).toBeTruthy();
    expect(await screen.findByText('More labs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the survey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save the response' })).toBeTruthy();
    cleanup();

    hidden = true;
    start('/survey/9');
    expect(await screen.findByText(/Fewer than 5 students have answered/)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByText('More labs')).toBeNull();
  });

  it('lets a lecturer write a survey and open it to a course, saying first what is missing', async () => {
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/course/courses': () => json(200, many([course({ name: 'Algorithms and Programming' }, '3')])),
      'POST /api/v2/survey/definitions': () =>
        json(201, one(resource('surveys', { name: 'Mid-term check' }, '5'))),
      'POST /api/course/surveys': () =>
        json(201, one(courseSurvey({ name: 'Mid-term check', responses: 0, students: 8 }))),
      'GET /api/v2/survey/course_survey/9': () =>
        json(200, one(courseSurvey({ name: 'Mid-term check', responses: 0, students: 8 }))),
      'GET /api/v2/survey/lecturers': () => json(200, many([results({ responses: 0, hidden: true })])),
    });
    start('/survey/new');
    const create = await screen.findByRole('button', { name: 'Create the survey' });
    fireEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toContain('Choose the course.');
    await screen.findByRole('option', { name: 'Algorithms and Programming' });
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mid-term check' } });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Clear lectures' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    const second = screen.getByRole('group', { name: 'Question 2' });
    fireEvent.change(within(second).getByLabelText('Question'), { target: { value: 'Best part' } });
    fireEvent.change(within(second).getByLabelText('Type'), { target: { value: 'single' } });
    fireEvent.change(within(second).getByLabelText('Choices, one a line'), {
      target: { value: 'Labs\n\nLectures' },
    });
    fireEvent.click(create);
    expect(await screen.findByRole('heading', { name: 'Mid-term check', level: 1 })).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST' && pathOf(call) !== '/api/course/online');
    expect(posted.map(pathOf)).toEqual(['/api/v2/survey/definitions', '/api/course/surveys']);
    expect(((await posted[0].json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      name: 'Mid-term check',
      description: '',
      questions: [
        { text: 'Clear lectures', type: 'scale', options: [], required: true },
        { text: 'Best part', type: 'single', options: ['Labs', 'Lectures'], required: true },
      ],
    });
    expect(((await posted[1].json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      survey_id: 5,
      course_id: 3,
    });
  });
});
