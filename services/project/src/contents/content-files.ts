import { Inject, Injectable } from '@nestjs/common';
import { type BlobStorage, DOCUMENT_FILE_TYPES, FileUploads } from '@lms/storage';
import { ProjectConfig } from '../config';

/** Injection token of the project service's blob store (`openServiceStorage('project', …)`). */
export const PROJECT_STORAGE = Symbol('PROJECT_BLOB_STORAGE');

/**
 * The files of file contents in the project service's store ({@link FileUploads} of @lms/storage):
 * documents judged by their bytes, at most `PROJECT_FILE_MAX_BYTES` each, under
 * `project/<campus>/contents/<uuid>`.
 */
@Injectable()
export class ContentFiles extends FileUploads<'contents'> {
  constructor(config: ProjectConfig, @Inject(PROJECT_STORAGE) storage: BlobStorage) {
    super({ storage, keyPrefix: 'project', maxBytes: () => config.fileMaxBytes, types: DOCUMENT_FILE_TYPES });
  }
}
