import { describe, expect, it, vi } from 'vitest';
import { Fuse, ScratchBitapSearch } from './fuzzy';

// A fixed sequence of pseudo-random numbers (mulberry32), so a failure names the same names and words every run.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = random(20261128);
const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
// Letters as names have them: upper and lower case, accents, digits and signs, and three beyond those: İ (two letters
// once lower-cased), ß and ø.
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéëïöüÉÖçñ0123456789  -/()&.', 'İ', 'ß', 'ø'];
const WORDS = ['Huis', 'Tap', 'Fles', 'Klein', 'Groot', 'Dubbel', 'Tripel', 'Blond', 'Donker', 'Cola', 'Koffie', 'Spa rood', 'Jan de Vries', 'Émile', 'Ölmez'];
const word = (length: number) => Array.from({ length }, () => pick(LETTERS)).join('');
const names = [
  ...Array.from({ length: 250 }, (_, i) => `${pick(WORDS)} ${pick(WORDS).toLowerCase()} ${i + 1}`),
  ...Array.from({ length: 250 }, () => word(1 + Math.floor(rnd() * 40))),
  '',
  'a',
  'Tripel',
];
// Words staff type: the start of a name, a name with a letter changed, dropped or added, and random letters.
function typo(text: string) {
  const at = Math.floor(rnd() * (text.length + 1));
  const kind = rnd();
  if (kind < 0.33) return text.slice(0, at) + pick(LETTERS) + text.slice(at + 1);
  if (kind < 0.66) return text.slice(0, at) + text.slice(at + 1);
  return text.slice(0, at) + pick(LETTERS) + text.slice(at);
}
const queries = [
  ...Array.from({ length: 60 }, () => {
    const name = pick(names);
    const start = Math.floor(rnd() * Math.max(1, name.length - 1));
    return name.slice(start, start + 1 + Math.floor(rnd() * 12));
  }),
  ...Array.from({ length: 60 }, () => typo(typo(pick(WORDS)))),
  ...Array.from({ length: 40 }, () => word(1 + Math.floor(rnd() * 12))),
  'tripel',
  'TRIPEL',
  'x'.repeat(32),
].filter((q) => q.trim() !== '');

describe('ScratchBitapSearch (the till searches run on real Fuse.js with this plugin)', () => {
  it("answers every name as Fuse's own bitap does: found or not, and the same score", () => {
    let compared = 0;
    // Compared plainly and listed, not one expect per pair: an expect per pair took 3-6 s on a busy machine.
    const differences: string[] = [];
    for (const threshold of [0.4, 0.5]) {
      const options = { ...Fuse.config, threshold, ignoreLocation: true };
      // Asking for the matched places sends Fuse.match to its own bitap (the plugin does not take such searches).
      const fuseOwn = { ...options, includeMatches: true };
      for (const query of queries) {
        expect(ScratchBitapSearch.condition(query, options)).toBe(true);
        const ours = new ScratchBitapSearch(query, options);
        for (const name of names) {
          const theirs = Fuse.match(query, name, fuseOwn);
          const mine = ours.searchIn(name);
          if (mine.isMatch !== theirs.isMatch || mine.score !== theirs.score) {
            differences.push(`"${query}" in "${name}" at ${threshold}: ${JSON.stringify(mine)}, Fuse ${theirs.isMatch} ${theirs.score}`);
          }
          compared++;
        }
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(150_000);
    // Fuse.match builds Fuse's searcher anew for each pair: about 1 s on a quiet machine, 3-4 s with every core busy.
  }, 30_000);

  it('is the searcher of a Fuse index with the options the till uses, and finds what Fuse alone finds, in the same order', () => {
    const searchIn = vi.spyOn(ScratchBitapSearch.prototype, 'searchIn');
    try {
      const list = names.map((name) => ({ name }));
      for (const threshold of [0.4, 0.5]) {
        const fast = new Fuse(list, { keys: ['name'], threshold, ignoreLocation: true });
        const plain = new Fuse(list, { keys: ['name'], threshold, ignoreLocation: true, includeMatches: true });
        for (const query of queries.slice(0, 80)) {
          const answer = fast.search(query).map((r) => [r.refIndex, r.score]);
          expect(answer, query).toEqual(plain.search(query).map((r) => [r.refIndex, r.score]));
        }
      }
      expect(searchIn).toHaveBeenCalled();
    } finally {
      searchIn.mockRestore();
    }
  });

  it("leaves searches it was not written for to Fuse's own bitap", () => {
    const options = { ...Fuse.config, threshold: 0.5, ignoreLocation: true };
    expect(ScratchBitapSearch.condition('cola', { ...options, ignoreLocation: false })).toBe(false);
    expect(ScratchBitapSearch.condition('cola', { ...options, includeMatches: true })).toBe(false);
    expect(ScratchBitapSearch.condition('cola', { ...options, findAllMatches: true })).toBe(false);
    expect(ScratchBitapSearch.condition('cola', { ...options, minMatchCharLength: 2 })).toBe(false);
    expect(ScratchBitapSearch.condition('cola', { ...options, isCaseSensitive: true })).toBe(false);
    expect(ScratchBitapSearch.condition('cola', { ...options, ignoreDiacritics: true })).toBe(false);
    expect(ScratchBitapSearch.condition('x'.repeat(33), options)).toBe(false);
  });
});
