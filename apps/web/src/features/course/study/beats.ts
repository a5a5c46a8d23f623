import type { CoursewareProgress, StudyHeartbeat } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { courseStudyApi, sendFinalBeat } from '../../../api/course-study.ts';
import type { Range } from './watched.ts';

/** How often a courseware being studied tells the server (the contracts' MAX_BEAT_GAP is 60 s). */
export const BEAT_EVERY_MS = 15_000;

/** What a beat carries besides the courseware: from the player or reader, taken at the moment of sending. */
export type BeatBody = Omit<StudyHeartbeat, 'coursewareId'>;

/** Everything under `course_study` (tree, progress, 我的课程) is read again once a beat moved the student on. */
export const STUDY_KEY = ['course_study'] as const;

export interface Beats {
  /** The server's answer to the last beat: percent, completed, position. */
  progress: CoursewareProgress | undefined;
  /** A beat could not be delivered (its ranges go with the next one). */
  failed: boolean;
  /** Beat now (pause, ended, a page read, opened). */
  beat: () => void;
}

/**
 * The heartbeat of one courseware while it is shown: a beat when it opens (the server measures the next beat's time
 * from it), every BEAT_EVERY_MS while `active` (playing, or read with the page in view), on `beat()`, when it is left
 * (another topic or courseware: unmount) and when the page goes away (pagehide: a keepalive request, as the app's
 * client cannot outlive the page). `collect` takes what was watched since the last beat; `giveBack` returns it when a
 * beat fails.
 */
export function useBeats({
  coursewareId,
  active,
  collect,
  giveBack,
  initial,
  whileHidden = false,
}: {
  coursewareId: string;
  active: boolean;
  collect: () => BeatBody;
  giveBack?: (ranges: Range[]) => void;
  initial?: CoursewareProgress;
  /** Beats go on with the page hidden (a recording heard in the background); else only while it is seen. */
  whileHidden?: boolean;
}): Beats {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CoursewareProgress | undefined>(initial);
  const [failed, setFailed] = useState(false);
  // The latest callbacks, so the timers and listeners below are set up once per courseware.
  const parts = useRef({ collect, giveBack });
  parts.current = { collect, giveBack };

  const beat = useCallback(() => {
    const body = { coursewareId, ...parts.current.collect() };
    courseStudyApi.heartbeat(body).then(
      (answer) => {
        setProgress(answer);
        setFailed(false);
        void queryClient.invalidateQueries({ queryKey: STUDY_KEY, predicate: (q) => q.queryKey[1] !== 'topic' });
      },
      () => {
        parts.current.giveBack?.(body.ranges as Range[]);
        setFailed(true);
      },
    );
  }, [coursewareId, queryClient]);

  useEffect(() => {
    beat();
    const leave = () => sendFinalBeat({ coursewareId, ...parts.current.collect() });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      beat();
    };
  }, [beat, coursewareId]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (whileHidden || document.visibilityState === 'visible') beat();
    }, BEAT_EVERY_MS);
    return () => clearInterval(timer);
  }, [active, beat, whileHidden]);

  return { progress, failed, beat };
}
