import { Inject, Injectable } from '@nestjs/common';
import { type BlobStorage, DOCUMENT_FILE_TYPES, FileUploads } from '@lms/storage';
import { TaskConfig } from '../config';
import { TASK_STORAGE } from './task-storage';

/** What a stored file is attached to: its key is `task/<campus>/<area>/<uuid>`. */
export type FileArea = 'tasks' | 'answers' | 'comments' | 'annotations';

/**
 * The files of tasks, answers and comments in the task service's store ({@link FileUploads} of
 * @lms/storage): documents judged by their bytes ({@link DOCUMENT_FILE_TYPES}: PDF, images, office
 * and OpenDocument files, text, Markdown, ZIP), at most `TASK_FILE_MAX_BYTES` each, under
 * `task/<campus>/<area>/<uuid>`.
 */
@Injectable()
export class TaskFiles extends FileUploads<FileArea> {
  constructor(config: TaskConfig, @Inject(TASK_STORAGE) storage: BlobStorage) {
    super({
      storage,
      keyPrefix: 'task',
      maxBytes: () => config.fileMaxBytes,
      types: DOCUMENT_FILE_TYPES,
    });
  }
}
