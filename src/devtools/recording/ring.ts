/** A bounded list that lets its oldest items go, counting them; `items()` is cached until a push. */
export class Ring<T> {
  private buffer: T[] = [];
  private start = 0;
  private cached: readonly T[] | null = null;
  /** Items let go. */
  dropped = 0;

  constructor(readonly capacity: number) {}

  push(item: T): void {
    this.buffer.push(item);
    this.cached = null;
    if (this.buffer.length - this.start <= this.capacity) return;
    this.start += 1;
    this.dropped += 1;
    // Compacted now and then, so a push costs O(1) on average.
    if (this.start >= this.capacity) {
      this.buffer = this.buffer.slice(this.start);
      this.start = 0;
    }
  }

  get length(): number {
    return this.buffer.length - this.start;
  }

  items(): readonly T[] {
    this.cached ??= this.buffer.slice(this.start);
    return this.cached;
  }
}
