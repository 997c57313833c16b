/**
 * What a build may reuse from the builds before it in the same process, by
 * key: the preview owns one and passes it to every build, and `npm run
 * build` a fresh one. Each key names everything its value was made from (a
 * file's digest, a body's hash and its page), so a value is never stale,
 * only unused; the one exception is the content as last read, which each
 * build replaces (`set`) under its folders' name, and from which the next
 * reads again only the files the preview saw change. What a successful
 * build did not use is dropped when it ends: the memory holds the current
 * site, not every version the preview has seen.
 */
export class Memory {
  private used = new Map<string, unknown>();
  private earlier = new Map<string, unknown>();

  /** The value made under this key by this build or the last, or else the one `make` gives, kept. */
  remember<T>(key: string, make: () => T): T {
    if (this.used.has(key)) return this.used.get(key) as T;
    const value = this.earlier.has(key) ? (this.earlier.get(key) as T) : make();
    this.used.set(key, value);
    return value;
  }

  /** Keeps a value under a key for this build, replacing what was there. */
  set(key: string, value: unknown): void {
    this.used.set(key, value);
  }

  /** The value under this key, if a build made one. */
  recall<T>(key: string): T | undefined {
    return (this.used.get(key) ?? this.earlier.get(key)) as T | undefined;
  }

  /**
   * Ends a build. After a whole build that succeeded, what it did not use is
   * dropped; after one that failed, or that reused the last build and used
   * only a part of what it made, everything is kept.
   *
   * @param dropUnused true after a whole build that succeeded
   */
  settle(dropUnused: boolean): void {
    if (dropUnused) this.earlier = this.used;
    else for (const [key, value] of this.used) this.earlier.set(key, value);
    this.used = new Map();
  }
}
