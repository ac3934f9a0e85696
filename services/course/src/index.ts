export { CourseConfig } from './config';
export { startCourse } from './bootstrap';
export { seedCourseDemo } from './seed/demo.seed';
