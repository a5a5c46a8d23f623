// Development: the API with reload on change (port 8080) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@shixun/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@shixun/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && stop());
