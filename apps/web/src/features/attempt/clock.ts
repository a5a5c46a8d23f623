/**
 * The exam's clock is the server's. The device's clock may be minutes off or changed during the exam, so the page
 * keeps the difference between the two (`offset`), measured at every answer from the server (the paper, each
 * save's ack), and counts down to the attempt's end by the server's time.
 */

/**
 * The server's clock minus the device's: the server stamped `serverTime` somewhere between sending the request and
 * receiving the answer, so the middle of the two is taken (the error is at most half the round trip).
 */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** Milliseconds left until `endTime` by the server's clock (never below 0); null when there is no end. */
export function remainingMs(endTime: string | null, offset: number, now: number = Date.now()): number | null {
  if (!endTime) return null;
  const end = Date.parse(endTime);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - (now + offset));
}

/** Time left as the timer shows it: `mm:ss` under an hour, `h:mm:ss` under a day, and whole days before that. */
export function formatRemaining(ms: number): { days: number; clock: string } {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = days > 0 || h > 0 ? `${days > 0 ? two(h) : h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  return { days, clock };
}

/** The warnings, in minutes left. */
export const WARN_AT = [5, 1] as const;

/**
 * The thresholds reached and not yet warned of. The caller warns once, of the most urgent (the smallest), and marks
 * them all given: opening the page with 3 minutes left warns of 5 minutes once, then of 1 minute when it comes.
 */
export function dueWarnings(remaining: number | null, given: ReadonlySet<number>): number[] {
  if (remaining === null || remaining <= 0) return [];
  return WARN_AT.filter((m) => remaining <= m * 60_000 && !given.has(m));
}

/** How the timer looks: calm, hurry (5 minutes left), urgent (1 minute left). */
export function urgency(remaining: number | null): 'calm' | 'hurry' | 'urgent' {
  if (remaining === null) return 'calm';
  if (remaining <= 60_000) return 'urgent';
  if (remaining <= 5 * 60_000) return 'hurry';
  return 'calm';
}
