import { Inject, Injectable } from '@nestjs/common';
import { type BlobStorage, DOCUMENT_FILE_TYPES, FileUploads } from '@lms/storage';
import { CourseConfig } from '../config';
import { BLOB_STORAGE } from './blob-storage';

/** What a file sent with a write of the course service is attached to: `course/<campus>/<area>/<uuid>`. */
export type CourseUploadArea = 'replies' | 'formanswers';

/**
 * Files attached to the course service's records (replies to discussion threads, logbook entries)
 * in its store ({@link FileUploads} of @lms/storage): documents judged by their bytes
 * ({@link DOCUMENT_FILE_TYPES}), at most `MAX_UPLOAD_MB` each. Contents' files keep their own
 * upload (`contents/upload`).
 */
@Injectable()
export class CourseUploads extends FileUploads<CourseUploadArea> {
  constructor(config: CourseConfig, @Inject(BLOB_STORAGE) storage: BlobStorage) {
    super({ storage, keyPrefix: 'course', maxBytes: config.maxUploadBytes, types: DOCUMENT_FILE_TYPES });
  }
}
