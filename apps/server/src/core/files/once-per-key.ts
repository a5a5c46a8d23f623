/**
 * Work on one thing at a time per key, within this instance: a caller that asks while the work runs gets the same
 * promise instead of doing it twice (two previews converting one document, a last PATCH and a result call storing
 * one upload).
 */
export class OncePerKey<V> {
  private readonly running = new Map<string, Promise<V>>();

  run(key: string, work: () => Promise<V>): Promise<V> {
    let job = this.running.get(key);
    if (!job) {
      job = work().finally(() => this.running.delete(key));
      this.running.set(key, job);
    }
    return job;
  }
}
