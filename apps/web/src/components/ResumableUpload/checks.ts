/** What a picked file must be before it is sent (the server checks its content again). */
export interface PickRules {
  /** As an `<input accept>`: extensions (`.pdf`), types (`application/pdf`) or families (`image/*`); empty = any. */
  accept?: string;
  /** Largest size in bytes. */
  maxSize?: number;
}

export type PickProblem = 'type' | 'size' | 'empty';

/** Whether a file matches an `accept` list, as the browser's own picker means it. */
export function accepts(file: { name: string; type: string }, accept = ''): boolean {
  const entries = accept
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (!entries.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return entries.some((e) =>
    e.startsWith('.') ? name.endsWith(e) : e.endsWith('/*') ? type.startsWith(e.slice(0, -1)) : type === e,
  );
}

/** Why a file cannot be sent, or null: caught here so nobody waits for an upload the server would refuse. */
export function problemOf(file: { name: string; type: string; size: number }, rules: PickRules): PickProblem | null {
  if (file.size === 0) return 'empty';
  if (!accepts(file, rules.accept)) return 'type';
  if (rules.maxSize !== undefined && file.size > rules.maxSize) return 'size';
  return null;
}
