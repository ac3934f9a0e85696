import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { AttemptSignal } from './access/attempt-signal.entity';
import { ExamTokenGrant, ExamTokenGuess } from './access/exam-token-grant.entity';
import {
  AttemptProgress,
  ExamOverride,
  StudentAnswer,
  StudentExam,
  StudentQuestion,
} from './attempts/attempt.entity';
import { DataSet, DataSetDetail, DataSetItem } from './datasets/data-set.entity';
import { Exam, ExamAssistant, ExamClass } from './exams/exam.entity';
import { ExamExport } from './exports/exam-export.entity';
import { ExamImage } from './images/exam-image.entity';
import { AnswerOption } from './questions/answer-option.entity';
import { QuestionTag } from './questions/question-tag.entity';
import { Question } from './questions/question.entity';
import { ExamSebConfig } from './safe/exam-seb-config.entity';

export const ENTITIES = [
  Exam,
  ExamAssistant,
  ExamClass,
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  Question,
  AnswerOption,
  QuestionTag,
  DataSet,
  DataSetDetail,
  DataSetItem,
  ExamSebConfig,
  StudentExam,
  ExamOverride,
  StudentQuestion,
  StudentAnswer,
  AttemptProgress,
  ExamTokenGrant,
  ExamTokenGuess,
  ExamExport,
  ExamImage,
  AttemptSignal,
];
