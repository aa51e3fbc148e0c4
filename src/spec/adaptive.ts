import { z } from 'zod';

/**
 * A parser that runs a schema on Zod's interpreter until it has parsed `threshold` values, then
 * switches to a compiled parser (`z.compile`) of the same schema. Compiling costs as much as
 * thousands of interpreted parses, so only schemas that are hot in this process pay for it: a
 * single small spec never compiles anything, a stream of large specs soon runs compiled.
 */
export class AdaptiveParser<T> {
  private uses = 0;
  private parser: z.ZodType<T>;

  constructor(private readonly schema: z.ZodType<T>, private readonly threshold = 2000) {
    this.parser = schema;
  }

  safeParse(value: unknown): z.ZodSafeParseResult<T> {
    return this.next().safeParse(value);
  }

  /** Whether the schema accepts `value`, without building the parsed output. */
  accepts(value: unknown): boolean {
    return this.next().validate(value);
  }

  private next(): z.ZodType<T> {
    if (++this.uses === this.threshold) this.parser = z.compile(this.schema);
    return this.parser;
  }
}
