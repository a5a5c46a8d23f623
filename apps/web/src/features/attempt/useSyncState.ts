import { useSyncExternalStore } from 'react';
import type { AnswerSync, SyncState } from './sync.ts';

const idle: SyncState = {
  ready: false,
  entries: new Map(),
  unacked: 0,
  tooLong: [],
  sending: false,
  failure: null,
  savedAt: null,
  stopped: false,
};
const noSubscribe = () => () => undefined;
const idleState = () => idle;

/** An autosave's state as a component sees it (idle while there is none yet: before it starts, or off). */
export function useSyncState(sync: AnswerSync | null): SyncState {
  return useSyncExternalStore(sync?.subscribe ?? noSubscribe, sync?.getState ?? idleState);
}
