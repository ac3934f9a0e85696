import { defineResource, z } from '@lms/jsonapi';
import type { QuestionImage } from './images.service';

/** Where an image of a course's questions is shown: a stable address answering the image. */
export function questionImagePath(courseId: number, name: string): string {
  return `/api/exam/courses/${courseId}/images/${name}`;
}

export const questionImageResource = defineResource({
  name: 'QuestionImage',
  type: 'question_images',
  schema: {
    course_id: z.int(),
    url: z.string(),
    size: z.number(),
    mime: z.string(),
  },
  attributes: (image: QuestionImage) => ({
    course_id: image.courseId,
    url: questionImagePath(image.courseId, image.name),
    size: image.size,
    mime: image.mime,
  }),
  id: (image: QuestionImage) => image.name,
});
