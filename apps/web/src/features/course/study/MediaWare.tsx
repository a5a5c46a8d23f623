import type { StudyCourseware } from '@shixun/contracts';
import { useMemo, useRef, useState } from 'react';
import { type Beats, useBeats } from './beats.ts';
import styles from './study.module.css';
import { WatchTracker } from './watched.ts';

/**
 * A video or recording in the browser's own player: it resumes where the student left off (or at the deep link's
 * `startAt` seconds), counts only what is actually played (watched.ts) and beats while playing, on pause and end.
 */
export function MediaWare({
  ware,
  source,
  audio,
  startAt,
  children,
}: {
  ware: StudyCourseware;
  source: string;
  audio: boolean;
  startAt: number | undefined;
  /** The progress line under the player, from the beats' answers. */
  children: (beats: Beats) => React.ReactNode;
}) {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const tracker = useMemo(() => new WatchTracker(), []);
  const [playing, setPlaying] = useState(false);
  // Where the player was last seen: the beat sent when the courseware is left runs after the element is gone.
  const last = useRef({ position: ware.progress.position, duration: 0 });
  const beats = useBeats({
    coursewareId: ware.id,
    active: playing,
    whileHidden: true,
    initial: ware.progress,
    collect: () => {
      const el = media.current;
      if (el) {
        last.current.position = Math.round(el.currentTime);
        if (Number.isFinite(el.duration)) last.current.duration = Math.round(el.duration);
      }
      const { position, duration } = last.current;
      return { ranges: tracker.take(), position, ...(duration > 0 ? { duration } : {}) };
    },
    giveBack: (ranges) => tracker.giveBack(ranges),
  });

  const resume = () => {
    const el = media.current;
    if (!el) return;
    const at = startAt ?? ware.progress.position;
    // Resuming at the very end would only show the last frame: a video watched to its end starts again.
    if (at > 0 && (!Number.isFinite(el.duration) || at < el.duration)) el.currentTime = at;
  };
  const stopped = () => {
    const el = media.current;
    if (!el) return;
    tracker.pause(el.currentTime);
    setPlaying(false);
    beats.beat();
  };
  const events = {
    ref: media,
    src: source,
    controls: true,
    preload: 'metadata',
    'aria-label': ware.name,
    'data-testid': 'study-media',
    onLoadedMetadata: resume,
    onPlay: () => {
      tracker.play(media.current?.currentTime ?? 0);
      setPlaying(true);
    },
    onTimeUpdate: () => {
      const el = media.current;
      if (!el) return;
      last.current.position = Math.round(el.currentTime);
      if (!el.paused) tracker.update(el.currentTime, el.playbackRate);
    },
    onSeeking: () => tracker.seeking(),
    onSeeked: () => tracker.seeked(media.current?.currentTime ?? 0),
    onPause: stopped,
    onEnded: stopped,
  } as const;
  return (
    <div className={styles.media}>
      {/* No captions track: teachers' recordings come without caption files. */}
      {audio ? (
        <audio {...events} className={styles.audio} />
      ) : (
        <video {...events} className={styles.video} playsInline />
      )}
      {children(beats)}
    </div>
  );
}
