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
