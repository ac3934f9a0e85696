import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { deserializeOne, type Document } from '../../api/jsonapi';
import type { ResourceOf } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut } from '../../auth/authSlice';
import type { ImageUploader } from '../../lib/richtext/RichTextEditor';
import { notificationFor } from '../../notifications/notification';
import { sendUpload } from './upload';

type UploadedImage =
  ResourceOf<'/api/course/courses/{id}/images', 'post'> | ResourceOf<'/api/exam/courses/{id}/images', 'post'>;

/** Where the images of a course's rich text are uploaded (multipart, one part `file`). */
export const courseImagesUrl = (courseId: string | number) => `/api/course/courses/${courseId}/images`;

/**
 * Uploads an image for a course's rich text (a text content, the description): the course keeps
 * it as the caller's file, and the text shows it at the address the server answers.
 */
export function useCourseImageUpload(courseId: string | number): ImageUploader {
  return useImageUpload(courseImagesUrl(courseId));
}

/**
 * Uploads an image for rich text to `url` (multipart, one part `file`; the course's images, or the
 * exam service's for questions) and gives the address the server answers for it.
 */
export function useImageUpload(url: string): ImageUploader {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  return useCallback(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const { status, body } = await sendUpload(form, { token, url });
      if (status === 401) dispatch(loggedOut());
      if (status < 200 || status >= 300) {
        throw new Error(
          status === 413
            ? t('upload.tooLarge')
            : notificationFor({ status, data: body }, t('richText.imageFailed')).text,
        );
      }
      return deserializeOne<UploadedImage>(body as Document).url;
    },
    [url, dispatch, t, token],
  );
}
