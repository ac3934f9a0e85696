export { ExamConfig } from './config';
export { examService } from './service';
export { DEMO_EXAM_NAME, seedExamDemo } from './seed/demo-exam.seed';
