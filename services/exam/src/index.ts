export { ExamConfig } from './config';
export { examService } from './service';
