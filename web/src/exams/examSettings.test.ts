import { describe, expect, it } from 'vitest';
import { changedSettings, type ExamSettings, settingsOf, settingsProblems } from './examSettings';
import type { Exam } from './examTypes';

const exam: Exam = {
  id: '7',
  course_id: 3,
  name: 'Midterm',
  exams_type: 'midterm',
  start_at: '2026-12-01 08:00:00',
  end_at: '2026-12-01 10:00:00',
  passing_grade: 60,
  package: 2,
  is_published: false,
  is_finished: false,
  is_show_solution: false,
  is_show_score: true,
  retry: 0,
  is_back: true,
  is_duration: true,
  duration: 90,
  intro: null,
  is_shuffle: false,
  final_score_type: 'highest',
  is_restricted_ip: false,
  ip_whitelists: [],
  is_safe: false,
  is_mobile: false,
  is_airplane: false,
  is_network_change: false,
  is_minimize: false,
  is_incoming_call: false,
  is_sms: false,
  is_token: false,
  is_show_solution_directly: false,
  activity_id: null,
  use_autograder: false,
  auto_apply_scoregrader: false,
  created_at: '2026-11-20 08:00:00',
  updated_at: '2026-11-20 08:00:00',
  deleted_at: null,
  can_edit: true,
};

const draft = (patch: Partial<ExamSettings>): ExamSettings => ({ ...settingsOf(exam), ...patch });
const problems = (patch: Partial<ExamSettings>) =>
  settingsProblems(draft(patch)).map((p) => `${p.field}:${p.problem}`);

describe('exam settings', () => {
  it('reads the exam into the form: dates as date-time inputs, numbers as text', () => {
    expect(settingsOf(exam)).toMatchObject({
      start_at: '2026-12-01T08:00',
      end_at: '2026-12-01T10:00',
      duration: '90',
      passing_grade: '60',
      ip_whitelists: '',
      is_show_score: true,
    });
    expect(settingsProblems(settingsOf(exam))).toEqual([]);
  });

  it('refuses a missing name, an end not after the start, and a published exam without a window', () => {
    expect(problems({ name: '  ' })).toEqual(['name:nameRequired']);
    expect(problems({ end_at: '2026-12-01T08:00' })).toEqual(['end_at:endBeforeStart']);
    expect(problems({ is_published: true, end_at: '' })).toEqual(['end_at:windowRequired']);
    expect(problems({ is_published: false, start_at: '', end_at: '' })).toEqual([]);
  });

  it('wants a whole duration above 0 that fits the window, only while the exam is timed', () => {
    expect(problems({ duration: '0' })).toEqual(['duration:durationRequired']);
    expect(problems({ duration: '1.5' })).toEqual(['duration:durationRequired']);
    expect(problems({ duration: '' })).toEqual(['duration:durationRequired']);
    expect(problems({ duration: '121' })).toEqual(['duration:durationLongerThanWindow']);
    expect(problems({ duration: '120' })).toEqual([]);
    expect(problems({ is_duration: false, duration: '' })).toEqual([]);
  });

  it('keeps the passing grade within 0–100 and attempts a whole number of 0 or more', () => {
    expect(problems({ passing_grade: '101' })).toEqual(['passing_grade:passingGradeRange']);
    expect(problems({ passing_grade: '-1' })).toEqual(['passing_grade:passingGradeRange']);
    expect(problems({ passing_grade: '' })).toEqual(['passing_grade:passingGradeRange']);
    expect(problems({ passing_grade: '100' })).toEqual([]);
    expect(problems({ passing_grade: '72.5' })).toEqual([]);
    expect(problems({ retry: '-1' })).toEqual(['retry:retryRange']);
    expect(problems({ retry: 'two' })).toEqual(['retry:retryRange']);
  });

  it('names the wrong whitelist entries and wants one when the exam is restricted', () => {
    expect(problems({ is_restricted_ip: true })).toEqual(['ip_whitelists:ipRequired']);
    const wrong = settingsProblems(
      draft({ is_restricted_ip: true, ip_whitelists: '10.0.0.0/8\nlab\n1.2.3' }),
    );
    expect(wrong).toEqual([
      { field: 'ip_whitelists', problem: 'ipInvalid', values: { entries: 'lab, 1.2.3' } },
    ]);
    expect(problems({ is_restricted_ip: false, ip_whitelists: 'lab' })).toEqual([]);
  });

  it('sends only what changed, in the API types, the exam type as `type`', () => {
    const original = settingsOf(exam);
    expect(changedSettings(original, original)).toEqual({});
    expect(
      changedSettings(original, {
        ...original,
        name: ' Midterm 1 ',
        exams_type: 'quiz',
        end_at: '2026-12-01T11:30',
        duration: '100',
        passing_grade: '70',
        is_restricted_ip: true,
        ip_whitelists: '10.0.0.0/8\n\n::1',
        is_airplane: true,
      }),
    ).toEqual({
      name: 'Midterm 1',
      type: 'quiz',
      end_at: '2026-12-01 11:30:00',
      duration: 100,
      passing_grade: 70,
      is_restricted_ip: true,
      ip_whitelists: ['10.0.0.0/8', '::1'],
      is_airplane: true,
    });
  });
});
