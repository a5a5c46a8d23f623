// Runs a command and kills it (failing the run) if it is still going after the given minutes. A test process whose
// event loop is stuck cannot time itself out; this watchdog lives in another process, so a hang fails the run
// instead of stalling CI.
// Usage: node scripts/with-deadline.mjs <minutes> <command> [args...]
import { spawn } from 'node:child_process';

const [minutes, command, ...args] = process.argv.slice(2);
const limitMs = Number(minutes) * 60_000;
if (!command || !(limitMs > 0)) {
  console.error('usage: node scripts/with-deadline.mjs <minutes> <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit', detached: true });
const timer = setTimeout(() => {
  console.error(`\n${command} ${args.join(' ')}: still running after ${minutes} minutes; stopped as hung.`);
  try {
    process.kill(-child.pid, 'SIGKILL'); // the whole process group: workers too
  } catch {}
  process.exit(124);
}, limitMs);
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  process.exit(code ?? (signal ? 1 : 0));
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
