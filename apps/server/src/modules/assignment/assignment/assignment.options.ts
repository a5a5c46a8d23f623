import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { type AttemptState, type GradingMethod, SUBMITTED_STATES } from '@shixun/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { AppError, forbidden } from '../../../core/http/errors.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import { paperStudent } from '../../../db/schema/index.ts';
import type { AssignmentRow } from './assignment.content.ts';
import { isReleased } from './assignment.release.ts';

// What a teacher coming from Moodle looks for on an assignment (issue 26 §2): an access password, allowed networks,
// the grading method for several attempts and blind marking.

/**
 * The access password is a room's shared secret read out or written on the board, not an account credential, and
 * every student of an exam checks it in the same minute: a salted HMAC-SHA256 (fast, never reversible from the
 * stored value, compared in constant time) instead of argon2, whose queue of one hash per core would hold up an
 * exam's start by seconds.
 */
export function hashAccessPassword(plain: string): string {
  const salt = randomBytes(16).toString('hex');
  return `hs256$${salt}$${createHmac('sha256', salt).update(plain).digest('hex')}`;
}

export function accessPasswordMatches(stored: string, plain: string): boolean {
  const [kind, salt, digest] = stored.split('$');
  if (kind !== 'hs256' || !salt || !digest) return false;
  const given = createHmac('sha256', salt).update(plain).digest();
  const want = Buffer.from(digest, 'hex');
  return want.length === given.length && timingSafeEqual(want, given);
}

/** The stored value for a password as a form sends it: '' clears it, undefined leaves it as it is. */
export function storedPassword(sent: string | undefined): string | null | undefined {
  if (sent === undefined) return undefined;
  return sent === '' ? null : hashAccessPassword(sent);
}

/** Wrong access passwords allowed per student and assignment in a window, as sign-in limits guesses. */
export const PASSWORD_FAILS = 10;
export const PASSWORD_WINDOW_SECONDS = 300;

/**
 * Starting an attempt of an assignment with a password: the right one, else 403; past PASSWORD_FAILS wrong ones in
 * the window every try is 429, the right password too (so guessing stays slow).
 */
export async function checkAccessPassword(
  store: KvStore,
  p: Principal,
  a: Pick<AssignmentRow, 'id' | 'accessPassword'>,
  given: string | undefined,
): Promise<void> {
  if (!a.accessPassword) return;
  // `needsPassword` lets the exam page opened by a link ask for it instead of failing to load.
  if (given === undefined || given === '')
    throw new AppError(403, 'exam.password.required', {}, { needsPassword: true });
  const key = `exam-password:${p.tenantId}:${p.userId}:${a.id}`;
  const throttled = () => new AppError(429, 'exam.password.throttled', { minutes: PASSWORD_WINDOW_SECONDS / 60 });
  if (Number(await store.get(key)) >= PASSWORD_FAILS) throw throttled();
  if (accessPasswordMatches(a.accessPassword, given)) return;
  if ((await store.incr(key, PASSWORD_WINDOW_SECONDS)) > PASSWORD_FAILS) throw throttled();
  throw forbidden('exam.password.wrong');
}

/** An IPv4 address inside IPv6 (`::ffff:10.1.2.3`, what a dual-stack socket reports) as the IPv4 address. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Whether an address lies in one of the ranges (IPv4 or IPv6 CIDR, or bare addresses); no ranges = anywhere. */
export function inNetworks(ranges: readonly string[], ip: string): boolean {
  if (!ranges.length) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [net, bits] = range.split('/');
    const type = isIP(net!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(bits), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Starting and resuming (opening the paper) are refused outside the allowed networks; saves and the hand-in of an
 * attempt already open are not, so a student whose laptop changes network mid-exam loses no answers (see API.md).
 * The refusal names the rule, never the ranges.
 */
export function assertNetwork(a: Pick<AssignmentRow, 'allowedNetworks'>, ip: string): void {
  if (!inNetworks(a.allowedNetworks, ip)) throw forbidden('exam.network.refused');
}

/**
 * The score that counts for one student by the grading method, from their attempts: highest, the last or first
 * submitted, or the average of the submitted ones (to 2 places) — null when none is submitted. The SQL of 成绩分析
 * (assignment.results.counted.ts) chooses the same way.
 */
export function countedScore(
  method: GradingMethod,
  attempts: { attemptNo: number; state: string; score: string | number | null }[],
): number | null {
  const done = attempts
    .filter((s) => SUBMITTED_STATES.includes(s.state as AttemptState))
    .map((s) => ({ no: s.attemptNo, score: Number(s.score ?? 0) }))
    .sort((x, y) => x.no - y.no);
  if (!done.length) return null;
  if (method === 'first') return done[0]!.score;
  if (method === 'last') return done.at(-1)!.score;
  if (method === 'average') return Math.round((done.reduce((sum, s) => sum + s.score, 0) / done.length) * 100) / 100;
  return Math.max(...done.map((s) => s.score));
}

/** Names are hidden from markers while the assignment marks blind and its scores are not released. */
export function isBlind(a: Pick<AssignmentRow, 'blindMarking' | 'releaseTime'>, now = new Date()): boolean {
  return a.blindMarking === 1 && !isReleased(a, now);
}

/** The SQL order of blind labels (the same digest), for lists a blind marker pages through. */
export function blindOrder(assignmentId: string, studentId: SQL.Aliased | AnyColumn = paperStudent.studentId): SQL {
  return sql`encode(sha256(convert_to(${assignmentId} || ':' || ${studentId}::text, 'UTF8')), 'hex')`;
}

/**
 * A blind attempt's label: `#` and six hex digits from the assignment and student (the same for all their attempts,
 * the same on every page and after students join; not their roster order, so it hints at nobody).
 */
export function blindLabel(assignmentId: string, studentId: string): string {
  return `#${createHash('sha256').update(`${assignmentId}:${studentId}`).digest('hex').slice(0, 6).toUpperCase()}`;
}
