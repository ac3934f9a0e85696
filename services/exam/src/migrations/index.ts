import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { Exams1795483226178 } from './1795483226178-exams';
import { QuestionsAndDatasets1795483226906 } from './1795483226906-questions-and-datasets';
import { ExamSebConfigs1795484896843 } from './1795484896843-exam-seb-configs';
import { ExamForeignKeys1795486410265 } from './1795486410265-exam-foreign-keys';
import { Attempts1795491431175 } from './1795491431175-attempts';
import { ExamTokenGrants1795491510530 } from './1795491510530-exam-token-grants';
import { ExamExports1795493382506 } from './1795493382506-exam-exports';
import { ExamImages1795495813943 } from './1795495813943-exam-images';
import { SaveAnswerBatch1795503505009 } from './1795503505009-save-answer-batch';
import { AttemptSignals1795494660975 } from './1795494660975-attempt-signals';

/** Every migration of the exam database, oldest first (npm run migration:generate -- exam <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  Exams1795483226178,
  QuestionsAndDatasets1795483226906,
  ExamSebConfigs1795484896843,
  ExamForeignKeys1795486410265,
  Attempts1795491431175,
  ExamTokenGrants1795491510530,
  ExamExports1795493382506,
  AttemptSignals1795494660975,
  ExamImages1795495813943,
  SaveAnswerBatch1795503505009,
  OutboxOrder1795533482436,
];
