/**
 * The builder's choice points, and how every reading of a question is enumerated from them.
 *
 * Where the words leave several readings open (the column among several, the rows a condition relates
 * through, the label column...), the builder asks `Choices.pick` with the options best first, in the order
 * its own preferences rank them. A build under an empty script takes the first option everywhere: that
 * is the reading the engine always gave. `enumerateScripts` then builds again with one choice changed at a
 * time, breadth first (the readings one choice away from the preferred one come first), and the ranker
 * (nl/ranking) chooses among the readings with weights learned from answered questions.
 *
 * The builder is deterministic given a script, so a reading is named by its script alone: the trace,
 * the explain output and a clarifying question's follow-up can rebuild exactly the reading offered.
 */

/** One choice the builder made: where, among which options (in words), and which one it took. */
export interface ChoiceMade {
  /** The kind of choice ("column", "route", "label", "aggregate"...): a feature name for the ranker. */
  point: string;
  /** The options in words, best first by the builder's own preference ("customer country"). */
  options: string[];
  /** The index taken (0: the builder's preferred option). */
  taken: number;
  /** The question's words the choice is about, when it is about some ("country"). */
  words?: string;
  /** True when the builder had no preference: the first options scored the same. */
  tied?: boolean;
}

/** Index per choice point, in the order the build meets them; a point past the script takes option 0. */
export type ChoiceScript = readonly number[];

export class Choices {
  readonly made: ChoiceMade[] = [];

  constructor(private readonly script: ChoiceScript = []) {}

  /**
   * Takes the option the script says at this point (the first by default). `options` must be best first
   * and non-empty; `describe` says each in a person's words, for a clarifying question.
   */
  pick<T>(point: string, options: readonly T[], describe: (option: T) => string, about: { words?: string; tied?: boolean } = {}): T {
    const wanted = this.script[this.made.length] ?? 0;
    const taken = wanted < options.length ? wanted : 0;
    this.made.push({ point, options: options.map(describe), taken, ...(about.words === undefined ? {} : { words: about.words }), ...(about.tied === true ? { tied: true } : {}) });
    return options[taken]!;
  }
}

/** At most this many readings of one question: enough for the choices questions have, bounded for time. */
export const MAX_READINGS = 32;

/**
 * The scripts to build, breadth first from the preferred reading: each built reading's choices spawn the
 * scripts that change one of them (keeping the ones before it). `build` returns the choices it made;
 * a script whose build diverged (fewer points than the script) is still a reading of its own.
 */
export function enumerateScripts(build: (script: ChoiceScript) => readonly ChoiceMade[], limit = MAX_READINGS, overBudget: () => boolean = () => false): ChoiceScript[] {
  const built: ChoiceScript[] = [];
  const queue: ChoiceScript[] = [[]];
  const seen = new Set<string>(['']);
  while (queue.length > 0 && built.length < limit && !overBudget()) {
    const script = queue.shift()!;
    const made = build(script);
    built.push(script);
    // The points up to the script's last were set by it or by its parent's siblings: change only later ones.
    for (let point = script.length; point < made.length; point++) {
      const prefix = made.slice(0, point).map((c) => c.taken);
      for (let option = 0; option < made[point]!.options.length; option++) {
        if (option === made[point]!.taken) continue;
        const next = [...prefix, option];
        const key = next.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return built;
}
