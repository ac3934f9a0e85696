import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `save_answer_batch`: one batch of answer saves (AnswerSaver) in one call, so one round trip
 * and one implicit transaction instead of seven. Each statement inside takes its own snapshot
 * (a volatile PL/pgSQL function under READ COMMITTED), so the order of the former transaction
 * holds: the live attempts locked FOR KEY SHARE (a finish, which locks its attempt FOR UPDATE,
 * waits for the batch, and a batch waiting for a finish finds the attempt finished), one upsert
 * in which the highest seq wins, the flags, the progress rows locked in id order and then
 * recounted (seeing every committed answer), and the stored state of each question returned.
 */
export class SaveAnswerBatch1795503505009 implements MigrationInterface {
  name = 'SaveAnswerBatch1795503505009';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
CREATE FUNCTION save_answer_batch(
  p_question_ids bigint[], p_attempt_ids bigint[], p_answers text[], p_seqs bigint[],
  p_flags boolean[], p_grace_seconds double precision)
RETURNS TABLE (question_id bigint, attempt_live boolean, flagged boolean, seq bigint,
               saved_at timestamptz, answered boolean)
LANGUAGE plpgsql VOLATILE AS $fn$
#variable_conflict use_column
DECLARE
  v_live bigint[];
  v_touched bigint[];
BEGIN
  SELECT coalesce(array_agg(l.id), '{}') INTO v_live FROM (
    SELECT se.id FROM student_exams se
     WHERE se.id = ANY(p_attempt_ids) AND NOT se.is_finished AND se.start_at IS NOT NULL
       AND (se.end_at IS NULL OR se.end_at > now() - make_interval(secs => p_grace_seconds))
     ORDER BY se.id FOR KEY SHARE) l;

  INSERT INTO student_answers AS sa (student_question_id, answer, seq, saved_at)
  SELECT v.q, v.a::jsonb, v.s, now()
    FROM unnest(p_question_ids, p_attempt_ids, p_answers, p_seqs) AS v(q, e, a, s)
   WHERE v.s IS NOT NULL AND v.e = ANY(v_live)
   ORDER BY v.q
  ON CONFLICT (student_question_id) DO UPDATE
    SET answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
    WHERE sa.seq < excluded.seq;

  UPDATE student_questions sq SET flagged = v.f
    FROM unnest(p_question_ids, p_attempt_ids, p_flags) AS v(q, e, f)
   WHERE sq.id = v.q AND v.f IS NOT NULL AND v.e = ANY(v_live);

  SELECT coalesce(array_agg(DISTINCT v.e ORDER BY v.e), '{}') INTO v_touched
    FROM unnest(p_attempt_ids, p_seqs) AS v(e, s)
   WHERE v.s IS NOT NULL AND v.e = ANY(v_live);
  IF cardinality(v_touched) > 0 THEN
    PERFORM 1 FROM attempt_progress ap WHERE ap.student_exam_id = ANY(v_touched)
      ORDER BY ap.student_exam_id FOR UPDATE;
    UPDATE attempt_progress ap SET answered = c.n, last_saved_at = now()
      FROM (SELECT sq.student_exam_id AS e, count(sa.answer) AS n
              FROM student_questions sq
              LEFT JOIN student_answers sa ON sa.student_question_id = sq.id
             WHERE sq.student_exam_id = ANY(v_touched)
             GROUP BY sq.student_exam_id) c
     WHERE ap.student_exam_id = c.e;
  END IF;

  RETURN QUERY
  SELECT v.q, v.e = ANY(v_live), sq.flagged, sa.seq, sa.saved_at, sa.answer IS NOT NULL
    FROM unnest(p_question_ids, p_attempt_ids) AS v(q, e)
    LEFT JOIN student_questions sq ON sq.id = v.q
    LEFT JOIN student_answers sa ON sa.student_question_id = v.q;
END
$fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION save_answer_batch(bigint[], bigint[], text[], bigint[], boolean[], double precision)`,
    );
  }
}
