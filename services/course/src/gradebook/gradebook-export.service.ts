import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@lms/auth';
import type { BlobStorage } from '@lms/storage';
import { BLOB_STORAGE } from '../files/blob-storage';
import { GradebookAdminService } from './gradebook-admin.service';
import type { GradebookExport } from './gradebook.resource';
import { GradebookService } from './gradebook.service';
import { writeGradebookWorkbook, XLSX_MIME } from './gradebook-workbook';

/** How long the export's download link works. */
export const EXPORT_LINK_SECONDS = 5 * 60;
const MAX_EXPORT_BYTES = 100 * 1024 * 1024;

/** `GET /gradebook/export`: the workbook written to the course's blob store, answered as a link. */
@Injectable()
export class GradebookExportService {
  constructor(
    private readonly gradebook: GradebookService,
    private readonly admin: GradebookAdminService,
    @Inject(BLOB_STORAGE) private readonly storage: BlobStorage,
  ) {}

  async export(auth: AuthContext, courseId: number): Promise<GradebookExport> {
    await this.admin.requireStaff(auth, courseId);
    const book = await this.gradebook.read(auth, { courseId });
    const id = randomUUID();
    const key = `gradebook/${auth.tenantId}/${courseId}/${id}.xlsx`;
    // the workbook goes to the store as it is written, never whole in memory
    const body = new PassThrough();
    const written = writeGradebookWorkbook(book, body).catch((error: unknown) => {
      body.destroy(error as Error);
      throw error;
    });
    try {
      await Promise.all([
        this.storage.put(key, body, { contentType: XLSX_MIME, maxBytes: MAX_EXPORT_BYTES }),
        written,
      ]);
    } catch (error) {
      body.destroy();
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
    const filename = `${
      [...book.courseName]
        .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? ' ' : char))
        .join('')
        .trim() || 'Course'
    } - gradebook.xlsx`;
    const url = await this.storage.presignGet(key, EXPORT_LINK_SECONDS, { downloadName: filename });
    return { id, url, filename };
  }
}
