import { describe, expect, it } from 'vitest';
import { WatchTracker } from './watched.ts';

/** Plays from `from` to `to` in steps of `step` media seconds, as timeupdate reports it. */
function playThrough(w: WatchTracker, from: number, to: number, step = 0.25, rate = 1) {
  for (let t = from + step; t <= to + 1e-9; t += step) w.update(Math.min(t, to), rate);
}

describe('WatchTracker', () => {
  it('counts continuous playback as one range, in whole seconds, and sends each part once', () => {
    const w = new WatchTracker();
    w.play(0);
    playThrough(w, 0, 3);
    expect(w.take()).toEqual([[0, 3]]);
    playThrough(w, 3, 5.9);
    w.pause(5.9);
    expect(w.take()).toEqual([[3, 6]]);
    expect(w.take()).toEqual([]);
  });

  it('never counts what a seek jumps over: the range ends where the seek began and restarts where it lands', () => {
    const w = new WatchTracker();
    w.play(0);
    playThrough(w, 0, 2);
    w.seeking();
    w.update(50); // a timeupdate during the seek is no playback
    w.seeked(50);
    playThrough(w, 50, 52);
    w.pause(52);
    expect(w.take()).toEqual([
      [0, 2],
      [50, 52],
    ]);
  });

  it('takes an unannounced jump (forward or back) as a seek', () => {
    const w = new WatchTracker();
    w.play(10);
    playThrough(w, 10, 12);
    w.update(40); // 28 s ahead in one report
    playThrough(w, 40, 41);
    w.update(5); // back
    playThrough(w, 5, 6);
    w.pause(6);
    expect(w.take()).toEqual([
      [10, 12],
      [40, 41],
      [5, 6],
    ]);
  });

  it('counts nothing while paused, and a seek while paused starts nothing', () => {
    const w = new WatchTracker();
    w.play(0);
    playThrough(w, 0, 1);
    w.pause(1);
    w.update(3);
    w.seeking();
    w.seeked(20);
    w.update(21);
    expect(w.take()).toEqual([[0, 1]]);
  });

  it('follows faster playback: at 2× the reports step twice as far and still count', () => {
    const w = new WatchTracker();
    w.play(0);
    playThrough(w, 0, 8, 1, 2); // 1 s steps at 2× (0.5 s of clock each)
    w.pause(8);
    expect(w.take()).toEqual([[0, 8]]);
    // The same steps at 1× are too large to be playback: treated as jumps, nothing counted beyond each report.
    const slow = new WatchTracker();
    slow.play(0);
    playThrough(slow, 0, 8, 2, 1);
    slow.pause(8);
    expect(slow.take()).toEqual([]);
  });

  it('gives back the ranges of a failed beat to the next one', () => {
    const w = new WatchTracker();
    w.play(0);
    playThrough(w, 0, 2);
    const lost = w.take();
    w.giveBack(lost);
    playThrough(w, 2, 4);
    w.pause(4);
    expect(w.take()).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });
});
