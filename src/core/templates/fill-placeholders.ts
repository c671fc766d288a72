/**
 * Puts text into a template literally. `String.prototype.replace` with a string replacement reads
 * `$$`, `$&`, `` $` ``, `$'` and `$1` in that string, so a context holding a regex table or a price
 * lost text; and replacing one placeholder after another re-reads inserted text, so a title with
 * `{context}` in it received the context. Here the template is scanned once and each value goes in
 * as written, never scanned again.
 */

/** `{name}` placeholders, as the bundled templates' markdown skeletons write them. */
export const SINGLE_BRACES = /\{([a-z_]+)\}/g

/**
 * Replaces each placeholder `pattern` matches (group 1 is the name) with `values[name]`; a name
 * without a value is left as written. `pattern` must be global.
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string>>,
  pattern: RegExp = SINGLE_BRACES,
): string {
  return template.replace(pattern, (whole: string, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
  )
}

/** `text` with the first match of `pattern` followed by `insert`, both as written. */
export function insertAfter(text: string, pattern: RegExp, insert: string): string {
  return text.replace(pattern, (match: string) => `${match}${insert}`)
}
