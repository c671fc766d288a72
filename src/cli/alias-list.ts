/** Splits `a,b, c` and `@a @b` into aliases. */
export function parseAliasList(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((alias) => alias.replace(/^@/, '').trim().toLowerCase())
    .filter((alias) => alias !== '')
}
