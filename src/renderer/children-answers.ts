// An answer a draw works out over every child of a container, kept by the container's key, so that
// a list drawn again with rows added only at its end works out the new rows alone. Each row's own
// answer is kept with the row already; without this a row more still cost a look-up for every row
// before it, at each of the checks a long list's draw makes.

/** Enough for the containers of a few screens (each keeps its last children); past it the answers start again. */
const KEPT_ANSWERS = 512;

export class ChildrenAnswers<T> {
  #last = new Map<string, { children: readonly unknown[]; answer: T }>();

  /**
   * The answer for a container's children. `extend` gets the last answer for the children these
   * begin with (the very objects, every one of them) and the index to go on from; or null and 0.
   */
  answer(key: string, children: readonly unknown[], extend: (before: T | null, start: number) => T): T {
    const last = this.#last.get(key);
    const kept = last === undefined ? 0 : keptPrefix(last.children, children);
    const answer = extend(kept === 0 ? null : last!.answer, kept);
    if (this.#last.size >= KEPT_ANSWERS && !this.#last.has(key)) this.#last.clear();
    this.#last.set(key, { children, answer });
    return answer;
  }
}

/** Whether some child passes a test, kept by the container's key: the children after a kept prefix alone are tested. */
export class SomeChild<C> {
  #answers = new ChildrenAnswers<boolean>();

  constructor(private readonly test: (child: C) => boolean) {}

  some(key: string, children: readonly C[]): boolean {
    return this.#answers.answer(key, children, (before, start) => {
      if (before === true) return true;
      for (let i = start; i < children.length; i++) if (this.test(children[i]!)) return true;
      return false;
    });
  }
}

/** How many first children `now` has of `before`: all of them, or none. */
function keptPrefix(before: readonly unknown[], now: readonly unknown[]): number {
  if (before.length > now.length) return 0;
  for (let i = 0; i < before.length; i++) if (before[i] !== now[i]) return 0;
  return before.length;
}
