// Study progress, honestly measured: a video's progress is the set of seconds actually watched, kept as merged
// [start, end] pairs (dragging the scrubber to the end watches nothing), so the server and the player agree on it.

/** A watched stretch, in whole seconds from the start: [start, end), start < end. */
export type WatchedRange = [start: number, end: number];

/** The ranges sorted and merged (touching or overlapping ones become one); empty and inverted ones dropped. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .map(([s, e]) => [Math.max(0, Math.floor(s)), Math.ceil(e)] as WatchedRange)
    .sort((a, b) => a[0] - b[0]);
  const out: WatchedRange[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Seconds covered by merged ranges, within [0, duration] when the duration is known (> 0). */
export function watchedSeconds(ranges: readonly WatchedRange[], duration = 0): number {
  return mergeRanges(ranges).reduce((sum, [s, e]) => {
    const end = duration > 0 ? Math.min(e, duration) : e;
    return sum + Math.max(0, end - s);
  }, 0);
}

/**
 * The fastest a student can honestly get through a courseware: 2 seconds of video per second of clock (2× playback),
 * or one page of a document per second. What a beat credits beyond this since the last beat is dropped.
 */
export const MAX_STUDY_RATE = 2;
/** A beat after a long silence (a closed lid, a lost network) counts at most this many clock seconds. */
export const MAX_BEAT_GAP = 60;

/**
 * What a beat adds to the stored ranges: the incoming ranges' parts not yet watched, earliest first, credited until
 * `cap` units are used up (the rest is dropped, not saved for later: a seek to the end credits only what time allows,
 * and the gap a seek jumps over is never in a range). Answers the merged ranges and the units newly credited.
 */
export function creditRanges(
  stored: readonly WatchedRange[],
  incoming: readonly WatchedRange[],
  cap: number,
): { ranges: WatchedRange[]; credited: number } {
  const have = mergeRanges(stored);
  let left = Math.max(0, Math.floor(cap));
  const added: WatchedRange[] = [];
  for (const [s, e] of mergeRanges(incoming)) {
    let from = s;
    // Walk the stored ranges overlapping [s, e) and credit the holes between them.
    for (const [hs, he] of [...have, [e, e] as WatchedRange]) {
      if (left <= 0 || from >= e) break;
      if (he <= from) continue;
      const holeEnd = Math.min(hs, e);
      if (holeEnd > from) {
        const take = Math.min(holeEnd - from, left);
        added.push([from, from + take]);
        left -= take;
      }
      from = Math.max(from, he);
    }
  }
  const credited = added.reduce((n, [s, e]) => n + e - s, 0);
  return { ranges: mergeRanges([...have, ...added]), credited };
}

/**
 * Units a beat may credit: the clock seconds since the last beat (at most MAX_BEAT_GAP) times the study rate. A first
 * beat has nothing to measure from and credits nothing (the player beats when it opens a courseware).
 */
export function beatCap(elapsedSeconds: number): number {
  return Math.floor(Math.min(Math.max(0, elapsedSeconds), MAX_BEAT_GAP) * MAX_STUDY_RATE);
}
