export { BlobNotFoundError, BlobTooLargeError, contentDisposition, limitSize } from './storage';
export type { BlobInfo, BlobStorage, PresignGetOptions, PutOptions } from './storage';
export { LocalDiskStorage } from './local-disk.storage';
export type { LocalDiskStorageOptions, PresignedRequest } from './local-disk.storage';
export { S3Storage } from './s3.storage';
export type { S3StorageOptions } from './s3.storage';
export {
  blobConfigOf,
  blobRoutesOpenApi,
  blobRoutesPrefix,
  checkBlobEnv,
  openServiceStorage,
  serveServiceBlobs,
} from './service-store';
export type { BlobVars, ServiceBlobConfig } from './service-store';
export { registerBlobRoutes } from './blob-routes';
export { linkToStored, putWritten, removeQuietly } from './stored-files';
export type { BlobRoutesOptions } from './blob-routes';
export {
  detectContentType,
  loadOrCreateSigningSecret,
  OFFICE_TYPES,
  peekHead,
  SNIFF_BYTES,
} from './content-type';
export { DOCUMENT_FILE_TYPES, sniffDocument } from './uploads/file-types';
export {
  cleanFileName,
  drain,
  fileByKey,
  FileUploads,
  formatBytes,
  storedFileSchema,
} from './uploads/file-uploads';
export {
  IMAGE_FILE_TYPES,
  IMAGE_NAME,
  IMAGE_RESPONSES,
  ImagePart,
  receiveImage,
  sendImage,
} from './uploads/image-upload';
export type { ImageUploadOptions, StoredImage } from './uploads/image-upload';
export { cellText } from './uploads/spreadsheet-cells';
export { importProblems, readImportFile } from './uploads/import-file';
export { inflatedBytes, loadWorkbook, UnreadableWorkbookError } from './uploads/workbook';
export type { FileUploadsOptions, ReceiveOptions, StoredFile, Upload } from './uploads/file-uploads';
export { FILE_DOWNLOAD_RESPONSES, MULTIPART_FILES_BODY } from './uploads/file-openapi';
export { attributesOfUpload, readWrite, uploadRequestBody } from './uploads/upload-attributes';
