import type { FastifyRequest } from 'fastify';
import { DomainError, invalid } from './errors';

export interface CsvUploadRules {
  /** At most this many bytes. */
  maxBytes: number;
  /** What the file is, for the too-large message: "The statement", "The file". */
  what: string;
  /** The field message when the file is missing, empty or not a form upload. */
  missing: string;
}

/**
 * Reads a CSV import's form (multipart): the file in the field `file` as UTF-8 text, and the
 * text fields beside it, in any order. A missing or empty file, a form that is not one, or a
 * file too large answers 400 or 413 with the field's message. The statement import and the
 * students and teachers imports read their files here.
 */
export async function readCsvUpload(request: FastifyRequest, rules: CsvUploadRules) {
  if (!request.isMultipart()) throw invalid('file', rules.missing);
  const fields: Record<string, unknown> = {};
  let text: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') text = content.toString('utf8');
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      const message = `${rules.what} is larger than ${rules.maxBytes / 1024 / 1024} MB: import it in parts`;
      throw new DomainError(message, 413, { errors: { file: [message] } });
    }
    if (err instanceof DomainError || (err as { statusCode?: number }).statusCode) throw err;
    throw invalid('file', rules.missing);
  }
  if (text === undefined || text.trim() === '') throw invalid('file', rules.missing);
  return { text, fields };
}
