// What a student actually watched of a video or recording, from the player's own events: continuous playback only.
// A seek (dragging the scrubber, a deep link, a jump of the clock) ends the stretch being watched and starts a new one
// where it lands, so the part jumped over is never in a range. The server credits the ranges against the clock
// (contracts' creditRanges), this keeps the player honest on its side too.

/** A watched stretch in whole seconds, [start, end), start < end — the heartbeat's shape. */
export type Range = [start: number, end: number];

/**
 * The largest forward step between two `timeupdate`s still taken as playback, in media seconds per unit of playback
 * rate. Browsers report every 15–250 ms; a larger step is a jump the page was not told about as a seek.
 */
const MAX_STEP = 1.5;

export class WatchTracker {
  /** Stretches finished since the last `take` (media seconds, not yet rounded). */
  private done: [number, number][] = [];
  /** The stretch being watched now: where it began and the last time reported, or null when not playing. */
  private from: number | null = null;
  private last = 0;
  /** A seek began during playback: playback goes on where it lands. */
  private resumeAfterSeek = false;

  /** Playback started (or resumed) at `time`. */
  play(time: number): void {
    this.close();
    this.from = time;
    this.last = time;
  }

  /**
   * The player reports `time` at playback `rate`: a small step forward extends the stretch; a step back or too far
   * ahead is a jump, which ends it and starts the next where it landed.
   */
  update(time: number, rate = 1): void {
    if (this.from === null) return;
    const step = time - this.last;
    if (step >= 0 && step <= MAX_STEP * Math.max(1, rate)) {
      this.last = time;
      return;
    }
    this.close();
    this.from = time;
    this.last = time;
  }

  /** A seek began: what was watched up to here counts; nothing more until playback goes on from where it lands. */
  seeking(): void {
    const playing = this.from !== null;
    this.close();
    if (playing) this.from = null;
    this.resumeAfterSeek = playing;
  }

  /** The seek landed at `time`: if it was playing, the new stretch starts here. */
  seeked(time: number): void {
    if (this.resumeAfterSeek) this.play(time);
    this.resumeAfterSeek = false;
  }

  /** Paused or ended at `time`. */
  pause(time: number): void {
    this.update(time);
    this.close();
    this.from = null;
  }

  /**
   * The ranges to send since the last call, in whole seconds (rounded, so the last fraction of a video counts), the
   * stretch being watched included up to now (it goes on from there).
   */
  take(): Range[] {
    if (this.from !== null && this.last > this.from) {
      this.done.push([this.from, this.last]);
      this.from = this.last;
    }
    const out = this.done
      .map(([s, e]) => [Math.max(0, Math.round(s)), Math.round(e)] as Range)
      .filter(([s, e]) => e > s);
    this.done = [];
    return out;
  }

  /** Ranges a failed beat could not deliver, to go with the next one. */
  giveBack(ranges: Range[]): void {
    this.done.push(...ranges);
  }

  private close(): void {
    if (this.from !== null && this.last > this.from) this.done.push([this.from, this.last]);
    if (this.from !== null) this.from = this.last;
  }
}
