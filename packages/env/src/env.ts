/**
 * Helpers for parsing configuration from the environment with zod. Values arrive as strings; an empty
 * string counts as unset (common in container env files). A failure lists every bad variable by name,
 * so start-up stops with a message an operator can act on.
 */
import { z } from 'zod';

type Env = Readonly<Record<string, string | undefined>>;

/** Unset or blank -> undefined, so `.default()` applies. */
const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function envString(defaultValue?: string) {
  const base = z.preprocess(blankToUndefined, z.string().trim().min(1));
  return defaultValue === undefined ? base : z.preprocess(blankToUndefined, z.string().trim().min(1).default(defaultValue));
}

export function envInt(options: { default: number; min: number; max: number }) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { message: 'must be a whole number' })
      .transform(Number)
      .pipe(z.number().int().min(options.min, { message: `must be at least ${options.min}` }).max(options.max, { message: `must be at most ${options.max}` }))
      .default(options.default),
  );
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** "64kb", "1mb", "512" -> bytes. */
export function parseByteSize(text: string): number | null {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(text.trim());
  if (!match?.[1]) return null;
  return Number(match[1]) * (BYTE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1);
}

export function envByteSize(options: { default: string; min: number; max: number }) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(options.default)
      .transform((text, ctx) => {
        const bytes = parseByteSize(text);
        if (bytes === null || bytes < options.min || bytes > options.max) {
          ctx.addIssue({ code: 'custom', message: `must be a size like "64kb" or "1mb" between ${options.min} and ${options.max} bytes` });
          return z.NEVER;
        }
        return bytes;
      }),
  );
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function envTimeZone(defaultValue: string) {
  return z.preprocess(blankToUndefined, z.string().default(defaultValue).refine(isTimeZone, { message: 'must be an IANA time zone such as "UTC" or "Europe/Berlin"' }));
}

/** "a, b,,c" -> ["a", "b", "c"]. */
export function envList(item: z.ZodType<string, string> = z.string()) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
      .pipe(z.array(item)),
  );
}

/**
 * Configuration that cannot be used, with every bad variable named. Its own type: configuration sits below
 * the pipeline, so it owes nothing to core's errors; `code` matches core's CONFIG_INVALID for callers that
 * map errors by code.
 */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with `schema` or throws a ConfigError naming each bad variable (never echoing its value: it may be a secret). */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const lines = issues.map((issue) => `  ${issue.path || '(environment)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`, issues);
}
