import { defineResource, z } from '@lms/jsonapi';
import type { CourseImage } from './content-files.service';

/** Where an image of a course is shown: a stable address that redirects to a short-lived link. */
export function courseImagePath(courseId: number, name: string): string {
  return `/api/course/courses/${courseId}/images/${name}`;
}

export const courseImageResource = defineResource({
  name: 'CourseImage',
  type: 'course_images',
  schema: {
    course_id: z.int(),
    url: z.string(),
    size: z.number(),
    mime: z.string(),
  },
  attributes: (image: CourseImage) => ({
    course_id: image.courseId,
    url: courseImagePath(image.courseId, image.name),
    size: image.size,
    mime: image.mime,
  }),
  id: (image: CourseImage) => image.name,
});
