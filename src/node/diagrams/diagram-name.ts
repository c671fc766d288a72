/**
 * The one rule for naming a new diagram file, used by the CLI's `artifact new --name` and the
 * app alike: a plain file name (no folder part, no `..`, not hidden, no control characters) with
 * a diagram extension, so it lands in the discussion's `diagrams/` folder and nowhere else, and
 * is a file the app will render and open.
 */
import { dirname, join } from 'node:path'

import { DIAGRAM_EXTENSIONS, diagramKind } from '../../core/diagrams/kinds.js'
import { DiscussionError } from '../../core/errors.js'

/** The folder beside a discussion that its diagrams are written to. */
export const DIAGRAMS_FOLDER = 'diagrams'

/** The folder a discussion's new diagrams go to: `diagrams/` beside it. */
export function outputFolderOf(discussionFile: string): string {
  return join(dirname(discussionFile), DIAGRAMS_FOLDER)
}

/** A control character (C0 or DEL): such a name is a trap in any listing or shell. */
const hasControl = (name: string): boolean =>
  [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

/** Why `name` cannot name a new diagram, or null when it can. */
export function diagramNameProblem(name: string): string | null {
  if (name.trim() === '') return 'the name is empty'
  if (/[/\\]/.test(name) || name === '.' || name === '..')
    return 'give a file name only; it is saved in the diagrams/ folder beside the discussion'
  if (name.startsWith('.')) return 'a hidden name (starting with a dot) is not shown as a diagram'
  if (hasControl(name)) return 'the name holds a control character'
  if (!diagramKind(name))
    return `the name must end in a diagram extension (${DIAGRAM_EXTENSIONS.join(', ')})`
  return null
}

/** `name` checked by the rule; refused with one clear message. */
export function checkDiagramName(name: string): string {
  const problem = diagramNameProblem(name)
  if (problem) throw new DiscussionError(`"${name}" cannot name a diagram: ${problem}.`)
  return name
}
