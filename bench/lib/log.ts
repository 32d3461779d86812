/** Progress goes to stderr so stdout stays the summary. */
export const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);
