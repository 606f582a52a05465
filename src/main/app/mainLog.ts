/**
 * The main side's only logger. Callers pass fixed sentences and error names, never request
 * bodies, keys or personal data; an error is reduced to its name and stack frames.
 */
export const mainLog = {
  info: (message: string): void => console.log(`[compliance-desk] ${message}`),
  warn: (message: string): void => console.warn(`[compliance-desk] ${message}`),
  failure: (context: string, error: unknown): void => {
    const name = error instanceof Error ? error.name : typeof error
    const frames =
      error instanceof Error && error.stack
        ? error.stack
            .split('\n')
            .filter((line) => line.trimStart().startsWith('at '))
            .slice(0, 8)
            .join('\n')
        : ''
    console.error(`[compliance-desk] ${context} failed: ${name}${frames ? `\n${frames}` : ''}`)
  },
}
