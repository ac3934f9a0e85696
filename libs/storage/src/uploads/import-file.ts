/**
 * Imports read a file, never store it: `readImportFile` takes a multipart request's fields and
 * its one file (the part named `file`) whole, within a size limit; `importProblems` is the 422 of
 * what is wrong in a file, row by row.
 */
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { attributePointer, badRequest, JsonApiException, unprocessable } from '@lms/jsonapi';

/** The form fields and the file of a multipart import (fields first, then the part named `file`). */
export async function readImportFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; content: Buffer }> {
  if (!request.isMultipart())
    throw badRequest('An import is multipart/form-data: its fields, then the file in a part named "file"');
  const fields: Record<string, string> = {};
  let content: Buffer | undefined;
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        await part.toBuffer().catch(() => undefined);
        throw unprocessable([
          {
            pointer: attributePointer('file'),
            detail: `The file goes in a part named "file", not "${part.fieldname}"`,
          },
        ]);
      }
      content = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new JsonApiException(413, [
        {
          status: '413',
          title: 'Payload Too Large',
          detail: `The file is larger than the import limit of ${maxBytes / (1024 * 1024)} MB`,
          source: { pointer: attributePointer('file') },
        },
      ]);
    throw error;
  }
  if (!content?.length)
    throw unprocessable([{ pointer: attributePointer('file'), detail: 'The file is required' }]);
  return { fields, content };
}

/** A 422 whose errors all point at the uploaded file, one per problem (`meta.row`, `meta.column`). */
export function importProblems(
  problems: Array<{ row?: number; column?: string; reason: string }>,
): JsonApiException {
  return new JsonApiException(
    422,
    problems.map((problem) => ({
      status: '422',
      title: 'Unprocessable Entity',
      detail:
        problem.row === undefined
          ? problem.reason
          : `row ${problem.row}, ${problem.column}: ${problem.reason}`,
      source: { pointer: attributePointer('file') },
      meta: { row: problem.row ?? null, column: problem.column },
    })),
  );
}
