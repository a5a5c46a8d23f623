import type { PutFileResult, UploadCategory } from '@shixun/contracts';
import { http } from './http.ts';

/** `put-file`: stores one file of a category (the server checks its kind and size again) and answers its link. */
export const putFile = (file: File, category: UploadCategory) =>
  http.upload<PutFileResult>('/api/blade-resource/oss/endpoint/put-file', file, { category });
