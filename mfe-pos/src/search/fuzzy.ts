import Fuse, { type IFuseOptions } from 'fuse.js';

/**
 * Fuse.js as the till's searches use it (SPEC 9's fuzzy thresholds), with one plugin: the bitap search of one name
 * without allocating.
 *
 * Fuse's own bitap builds an array the length of the name for every error it tries, for every name: a search of 2,000
 * products allocates 3-4 MB, and a CPU profile of it is three quarters that loop over holey arrays. Timed as
 * bench/frontend times a keystroke, a new word of 5-7 letters in the product search took 11-21 ms on a slow machine,
 * over issue 16's budget of 16.
 * `ScratchBitapSearch` runs the same recurrence over two typed arrays kept between names, so what it answers (found or
 * not, and the score) is Fuse's, bit for bit: fuzzy.test.ts compares the two on thousands of names and words.
 * It takes only the searches it was written for (see `condition`); any other option set goes to Fuse's own bitap.
 */
export class ScratchBitapSearch {
  /** Fuse asks each registered searcher in turn; the first whose condition holds searches. */
  static condition(pattern: string, options: IFuseOptions<unknown>): boolean {
    // Fuse splits a longer pattern into chunks of 32 and averages their scores.
    const length = pattern.toLowerCase().length;
    return (
      options.ignoreLocation === true &&
      !options.includeMatches &&
      !options.findAllMatches &&
      (options.minMatchCharLength ?? 1) <= 1 &&
      !options.isCaseSensitive &&
      !options.ignoreDiacritics &&
      !options.useExtendedSearch &&
      !options.useTokenSearch &&
      length > 0 &&
      length <= 32
    );
  }

  private readonly pattern: string;
  private readonly threshold: number;
  /** The pattern's alphabet as Fuse builds it: for each UTF-16 unit, a bit for each place it has in the pattern. */
  private readonly ascii = new Int32Array(128);
  private readonly other = new Map<number, number>();

  constructor(pattern: string, options: IFuseOptions<unknown>) {
    this.pattern = pattern.toLowerCase();
    this.threshold = options.threshold ?? Fuse.config.threshold;
    const len = this.pattern.length;
    for (let i = 0; i < len; i++) {
      const code = this.pattern.charCodeAt(i);
      const bit = 1 << (len - i - 1);
      if (code < 128) this.ascii[code] = (this.ascii[code] ?? 0) | bit;
      else this.other.set(code, (this.other.get(code) ?? 0) | bit);
    }
  }

  searchIn(value: string): { isMatch: boolean; score: number } {
    const text = value.toLowerCase();
    // Fuse: the whole name typed scores 0; the bitap below would give it 0.001.
    if (text === this.pattern) return { isMatch: true, score: 0 };
    const m = this.pattern.length;
    const n = text.length;
    // With ignoreLocation a score is errors / m, so Fuse tries 0, 1, 2 ... errors while that stays within the
    // threshold, each over the whole name and m places past its end, and stops at the first number of errors that
    // matches anywhere: where does not change the score, so the first match found ends the search. The state of one
    // number of errors is kept for the next, as Fuse keeps its last array.
    const finish = n + m;
    let last = scratch(0, finish + 2);
    let bits = scratch(1, finish + 2);
    const mask = 1 << (m - 1);
    for (let errors = 0; errors < m && errors / m <= this.threshold; errors++) {
      bits[finish + 1] = (1 << errors) - 1;
      for (let j = finish; j >= 1; j--) {
        const code = j - 1 < n ? text.charCodeAt(j - 1) : -1;
        const charMatch = code < 0 ? 0 : code < 128 ? this.ascii[code]! : (this.other.get(code) ?? 0);
        let b = ((bits[j + 1]! << 1) | 1) & charMatch;
        if (errors) b |= (((last[j + 1]! | last[j]!) << 1) | 1) | last[j + 1]!;
        if (b & mask) return { isMatch: true, score: Math.max(0.001, errors / m) };
        bits[j] = b;
      }
      const done = last;
      last = bits;
      bits = done;
    }
    return { isMatch: false, score: 1 };
  }
}

/** Two arrays for the bitap's states, grown when a longer name comes, kept for every search after. */
const scratchArrays: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];
function scratch(which: 0 | 1, length: number): Int32Array {
  if (scratchArrays[which].length < length) scratchArrays[which] = new Int32Array(length * 2);
  return scratchArrays[which];
}

// eslint-disable-next-line react-hooks/rules-of-hooks -- Fuse.use registers a Fuse.js plugin; it is no React hook.
Fuse.use(ScratchBitapSearch);

export { Fuse };
