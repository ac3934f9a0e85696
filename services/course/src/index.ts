export { CourseConfig } from './config';
export { courseService } from './service';
export { seedCourseDemo } from './seed/demo.seed';
export { seedDemoGradebookWeights } from './gradebook/gradebook.seed';
export { BLOB_STORAGE } from './files/blob-storage';
