import type { ExamPaper } from '@shixun/contracts';
import { takeApi } from '../../api/assignment.ts';
import { clockOffset } from './clock.ts';

/** The attempt's paper (fetching it starts the attempt on the server) and the server's clock measured with it. */
export async function loadPaper(id: string): Promise<{ paper: ExamPaper; offset: number }> {
  const sentAt = Date.now();
  const paper = await takeApi.paper(id);
  return { paper, offset: clockOffset(paper.attempt.serverTime, sentAt, Date.now()) };
}
