// The flooding student of flood.ts, in a process of its own, so that pushing its megabytes does not delay the load
// driver that times the classmates. Reads its task from the environment; reports the answers by status over IPC.
import http from 'node:http';

const port = Number(process.env.FLOOD_PORT);
const url = process.env.FLOOD_URL!;
const token = process.env.FLOOD_TOKEN!;
const attempt = process.env.FLOOD_ATTEMPT!;
const questions = JSON.parse(process.env.FLOOD_QUESTIONS!) as { id: string; options: string[] }[];
const connections = Number(process.env.FLOOD_CONNECTIONS);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function post(body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent,
        headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const json = (answers: unknown[]) => Buffer.from(JSON.stringify({ paperStudentId: attempt, answers }));
const q = questions[0]!;
/** Over the body limit: refused on its length, unparsed. */
const huge = json([{ questionId: q.id, answer: 'x'.repeat(1024 * 1024), seq: 1 }]);
/** Just under it, every answer within its limit but not an option of its question: parsed, then refused (400). */
const justUnder = json(
  questions.slice(0, 20).map((x, i) => ({ questionId: x.id, answer: '字'.repeat(8000), seq: i + 1 })),
);

process.once('message', async (ms: number) => {
  const until = performance.now() + ms;
  const statuses: Record<string, number> = {};
  let k = 0;
  const connection = async () => {
    while (performance.now() < until) {
      const n = k++;
      const body =
        n % 3 === 0 ? huge : n % 3 === 1 ? justUnder : json([{ questionId: q.id, answer: q.options[0], seq: n + 1 }]);
      const status = await post(body);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  process.send!({ statuses, sent: k, justUnderKb: Math.round(justUnder.length / 1024) }, () => process.exit(0));
});
process.send!('ready');
