/**
 * The exact text a PlantUML running in `-pipe` mode is given for one diagram file, and how its
 * lines map back to the file's. PlantUML's pipe reads line by line (`\n`, `\r\n` and a lone `\r`
 * all end a line), starts a diagram at a line beginning with `@start` and ends it at `@end…`. So
 * the file's first diagram is cut out here and written with a clean start and end line: nothing a
 * file holds can end a diagram early, start another one, or leave the stream out of step.
 */
export type PreparedPlantUml =
  | {
      ok: true
      /** `@start<kind>`, the body, `@end<kind>`, each line ending in `\n`. */
      text: string
      /** Add to a line of `text` (1-based) to get the file's line. */
      lineOffset: number
    }
  | { ok: false; error: string; line?: number }

export const NO_DIAGRAM_FOUND =
  'No diagram found: the file is empty. Write a diagram between @startuml and @enduml.'

const START = /^\s*@start([a-z]*)/i
const END = /^\s*@end/i

/** Splits as Java's BufferedReader does, so a line here is a line to PlantUML. */
export function plantUmlLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

function isBlankOrComment(line: string): boolean {
  const trimmed = line.trim()
  return trimmed === '' || trimmed.startsWith("'")
}

export function preparePlantUml(source: string): PreparedPlantUml {
  const lines = plantUmlLines(source)
  const startIndex = lines.findIndex((line) => START.test(line))
  const kind = startIndex >= 0 ? (START.exec(lines[startIndex] ?? '')?.[1] ?? '') : ''
  const from = startIndex >= 0 ? startIndex + 1 : 0
  const body: string[] = []
  for (const line of lines.slice(from)) {
    if (END.test(line)) break
    body.push(line)
  }
  while (body.length > 0 && (body[body.length - 1] ?? '').trim() === '') body.pop()
  if (body.every(isBlankOrComment)) return { ok: false, error: NO_DIAGRAM_FOUND }
  const type = (kind || 'uml').toLowerCase()
  return {
    ok: true,
    text: [`@start${type}`, ...body, `@end${type}`].join('\n') + '\n',
    // With `@start…` in the file, text line 1 is that line; without, text line 2 is file line 1.
    lineOffset: startIndex >= 0 ? startIndex : -1,
  }
}
