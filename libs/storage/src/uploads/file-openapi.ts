/** The OpenAPI request body of an upload: files in parts named `file` (text fields beside them). */
export const MULTIPART_FILES_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      },
    },
  },
};

/** The OpenAPI responses of a streamed file download. */
export const FILE_DOWNLOAD_RESPONSES = {
  '200': {
    description: 'The file, as an attachment (inline=1: shown, for a PDF or an image)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
};
