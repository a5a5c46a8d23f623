import { randomInt } from 'node:crypto';

/**
 * Snowflake-style 64-bit ids (41 bits of milliseconds since 2024-01-01, 10 bits of worker, 12 bits of sequence),
 * as strings. Each process draws a random worker number, so stateless instances need no coordination; the
 * primary key catches the astronomically rare clash.
 */
const EPOCH = 1704067200000n;
const worker = BigInt(Number(process.env.WORKER_ID ?? randomInt(1024)) & 1023);
let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  if (now < lastMs) now = lastMs; // the clock stepped back: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
