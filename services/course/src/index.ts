export { CourseConfig } from './config';
export { courseService, startCourse } from './service';
export { seedCourseDemo } from './seed/demo.seed';
