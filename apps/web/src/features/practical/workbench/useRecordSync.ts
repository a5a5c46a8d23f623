import type { PracticalDetail } from '@shixun/contracts';
import { useEffect, useRef, useState } from 'react';
import { workbenchApi } from '../../../api/practical.ts';
import { examJournal } from '../../attempt/journal.ts';
import { classify } from '../../attempt/save-failure.ts';
import { AnswerSync } from '../../attempt/sync.ts';
import { useSyncState } from '../../attempt/useSyncState.ts';
import { itemSave, savedEntries } from './record-codec.ts';

/**
 * The student's readings with the exam's zero-loss autosave: each change goes to this device's journal first, then
 * to `submit_paper_answer` (by sequence number; retried offline, after a reload, on a flaky workshop Wi-Fi). Off
 * (null) when the student does not record here.
 */
export function useRecordSync(detail: PracticalDetail, recording: boolean) {
  const attemptId = detail.attempt.id;
  const [sync, setSync] = useState<AnswerSync | null>(null);
  const first = useRef(detail.items);
  useEffect(() => {
    if (!recording) return;
    const s = new AnswerSync({
      attemptId,
      journal: examJournal(),
      send: async (answers) => {
        const ack = await workbenchApi.save(
          { practicalStudentId: attemptId, items: answers.map((a) => itemSave(a.questionId, a.answer, a.seq)) },
          { quiet: true },
        );
        return {
          acked: ack.acked.map((a) => ({ questionId: a.inspectionId, seq: a.seq })),
          serverTime: ack.serverTime,
          endTime: null,
        };
      },
      classify,
    });
    setSync(s);
    void s.start(savedEntries(first.current));
    return () => void s.flush().finally(() => s.dispose());
  }, [attemptId, recording]);
  const state = useSyncState(sync);
  return { sync: recording ? sync : null, state };
}
