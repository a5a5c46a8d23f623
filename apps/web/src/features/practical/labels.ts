import type { PracticalAttemptState } from '@shixun/contracts';

export const ATTEMPT_STATE_COLORS: Record<PracticalAttemptState, string> = {
  not_started: 'default',
  in_progress: 'processing',
  submitted: 'warning',
  marked: 'success',
};
