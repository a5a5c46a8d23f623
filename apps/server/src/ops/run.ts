import { spawn } from 'node:child_process';

/** A failure an operator can act on: the CLI prints the message alone, without a stack. */
export class OpsError extends Error {
  override name = 'OpsError';
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program (tar, pg_dump, pg_restore) to its end. Resolves with its exit code and output whatever the code;
 * a program that is not installed is an OpsError saying so.
 */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new OpsError(`${command} was not found: install it or put it on PATH`) : e),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr: stderr.trim() }));
  });
}
