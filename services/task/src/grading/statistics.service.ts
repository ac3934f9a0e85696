import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import type { TaskType } from '../tasks/task.entity';
import { GradingAccess } from './grading-access';
import { STUDENT_SCORES_SQL } from './member-scores';
import { BIN_WIDTH, HISTOGRAM_BINS } from './scoring';

export interface TaskStatistic {
  taskId: number;
  tasksType: TaskType;
  passingGrade: number;
  students: number;
  sent: number;
  late: number;
  draft: number;
  notStarted: number;
  scored: number;
  average: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
  passed: number;
  passRate: number | null;
  histogram: Array<{ from: number; to: number; count: number }>;
  groups: number | null;
  groupsSent: number | null;
}

const round2 = (value: string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

/**
 * A task's statistics for its staff (spec 02 §7 `GET /stats/task/{id}`): counted per student the
 * task is for — their own answer, or their group's — and over their scores (member scores for a
 * group task), in SQL aggregates: no answer row is loaded into memory.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GradingAccess,
  ) {}

  async task(auth: AuthContext, taskId: number): Promise<TaskStatistic> {
    const task = await this.access.staffTask(auth, taskId);
    const [row]: Array<Record<string, string | null>> = await this.dataSource.query(
      `${STUDENT_SCORES_SQL}, bins AS (
         SELECT least(floor(score / $2)::int, $3 - 1) AS bin, count(*) AS n
           FROM student_scores WHERE score IS NOT NULL GROUP BY 1
       )
       SELECT count(*) AS students,
              count(*) FILTER (WHERE is_sent) AS sent,
              count(*) FILTER (WHERE is_sent AND is_late) AS late,
              count(*) FILTER (WHERE answer_id IS NOT NULL AND NOT is_sent) AS draft,
              count(*) FILTER (WHERE answer_id IS NULL) AS not_started,
              count(score) AS scored,
              avg(score) AS average,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY score) AS median,
              min(score) AS min,
              max(score) AS max,
              count(*) FILTER (WHERE score >= passing_grade) AS passed,
              (SELECT coalesce(jsonb_object_agg(bin, n), '{}') FROM bins) AS bins
         FROM student_scores`,
      [[task.id], BIN_WIDTH, HISTOGRAM_BINS],
    );
    const histogram = Array.from({ length: HISTOGRAM_BINS }, (_, n) => ({
      from: n * BIN_WIDTH,
      to: (n + 1) * BIN_WIDTH,
      count: 0,
    }));
    for (const [bin, count] of Object.entries(row.bins as unknown as Record<string, number>))
      histogram[Number(bin)].count = Number(count);
    let groups: number | null = null;
    let groupsSent: number | null = null;
    if (task.taskType === 'GROUP') {
      const [counts]: Array<{ groups: string; sent: string }> = await this.dataSource.query(
        `SELECT count(*) AS groups, count(*) FILTER (WHERE a.is_sent) AS sent
           FROM task_groups g LEFT JOIN task_answers a ON a.task_id = g.task_id AND a.group_id = g.id
          WHERE g.task_id = $1`,
        [task.id],
      );
      groups = Number(counts.groups);
      groupsSent = Number(counts.sent);
    }
    const scored = Number(row.scored);
    const passed = Number(row.passed);
    return {
      taskId: task.id,
      tasksType: task.taskType,
      passingGrade: task.passingGrade,
      students: Number(row.students),
      sent: Number(row.sent),
      late: Number(row.late),
      draft: Number(row.draft),
      notStarted: Number(row.not_started),
      scored,
      average: round2(row.average),
      median: round2(row.median),
      min: round2(row.min),
      max: round2(row.max),
      passed,
      passRate: scored ? Math.round((passed / scored) * 10000) / 100 : null,
      histogram,
      groups,
      groupsSent,
    };
  }
}
