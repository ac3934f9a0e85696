import { Inject, Injectable } from '@nestjs/common';
import { type BlobStorage, DOCUMENT_FILE_TYPES, FileUploads } from '@lms/storage';
import { MessagingConfig } from '../config';

/** Injection token of the messaging service's blob store (`openServiceStorage('messaging', …)`). */
export const MESSAGING_STORAGE = Symbol('MESSAGING_BLOB_STORAGE');

/**
 * The files of course messages in the messaging service's store ({@link FileUploads} of
 * @lms/storage): documents judged by their bytes, at most `MESSAGE_FILE_MAX_BYTES` each, under
 * `messaging/<campus>/messages/<uuid>`.
 */
@Injectable()
export class MessageFiles extends FileUploads<'messages'> {
  constructor(config: MessagingConfig, @Inject(MESSAGING_STORAGE) storage: BlobStorage) {
    super({
      storage,
      keyPrefix: 'messaging',
      maxBytes: () => config.fileMaxBytes,
      types: DOCUMENT_FILE_TYPES,
    });
  }
}
