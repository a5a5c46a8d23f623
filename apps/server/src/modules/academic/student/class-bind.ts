import { CLASS_QRCODE_DAYS } from '@shixun/contracts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import { badRequest } from '../../../core/http/errors.ts';

const PURPOSE = 'class-bind';

/** The web page a class QR code opens; `code` is the signed token (not `token`: the web adopts that as a session). */
export const BIND_PATH = '/bind/class';

export interface ClassBind {
  tenantId: string;
  classId: string;
  teacherId: string;
}

/** A link that lets a signed-in student of the tenant join the class, valid CLASS_QRCODE_DAYS days. */
export async function classBindLink(tokens: TokenService, origin: string, bind: ClassBind): Promise<string> {
  const code = await tokens.signLink(PURPOSE, { ...bind }, CLASS_QRCODE_DAYS * 24 * 3600);
  return `${origin}${BIND_PATH}?code=${encodeURIComponent(code)}`;
}

/** What a code says, or 400 when it is forged, expired or not a class code. */
export async function readBindCode(tokens: TokenService, code: string): Promise<ClassBind & { expiresAt: Date }> {
  const verified = await tokens.verifyLink(PURPOSE, code);
  const { tenantId, classId, teacherId } = verified?.claims ?? {};
  if (!verified || typeof tenantId !== 'string' || typeof classId !== 'string' || typeof teacherId !== 'string')
    throw badRequest('student.bind.invalid');
  return { tenantId, classId, teacherId, expiresAt: verified.expiresAt };
}
