import busboy from 'busboy';
import type { Context } from 'koa';
import { Refused } from '../refused.ts';
import { holdsControlCharacters, notAllowed } from './hostile-input.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartLimits {
  maxFileBytes: number;
  /** Message when the file is too large (the spec words it per screen). */
  tooLarge: string;
}

/** Reads a multipart/form-data body: text fields and at most one file, refusing oversized files with a 413. */
export function readMultipart(ctx: Context, limits: MultipartLimits): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(new Refused('unsupported_type', 'Send the form as multipart/form-data', 'unsupported_media_type'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let failure: Refused | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: limits.maxFileBytes, fields: 50, fieldSize: 10_000 } });
    } catch {
      // busboy throws at once on a content type it cannot read (no boundary, say).
      reject(new Refused('invalid', 'The form could not be read', 'invalid_multipart'));
      return;
    }
    parser.on('field', (name, value) => {
      if (holdsControlCharacters(name) || holdsControlCharacters(value)) failure ??= notAllowed(holdsControlCharacters(name) ? 'form' : name);
      else fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (failure = new Refused('too_large', limits.tooLarge, 'file_too_large', { [field]: limits.tooLarge })));
      stream.on('end', () => {
        const filename = info.filename ?? '';
        if (holdsControlCharacters(filename)) failure ??= notAllowed('filename');
        file = { field, filename, contentType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => reject(new Refused('invalid', 'The form could not be read', 'invalid_multipart')));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, file })));
    ctx.req.pipe(parser);
  });
}
