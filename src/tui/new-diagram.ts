/**
 * Adding a diagram from the terminal UI: the engine's artifact workflow (the configured artifact
 * editor where there is a display, trusted projects only), else `$VISUAL`/`$EDITOR` on a new file
 * in `diagrams/` beside the discussion. Either way a saved diagram gets a comment, signed with the
 * person's name, holding its `DIAGRAM:` line. An empty or unchanged file adds nothing and leaves
 * no file behind: the editor works on a copy outside the discussion's folder, and the diagram is
 * created only from what it saved.
 */
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { diagramKind } from '../core/diagrams/kinds.js'
import type { DiagramKind } from '../core/diagrams/kinds.js'
import {
  createDurably,
  DIAGRAMS_FOLDER,
  diagramNameProblem,
  ensureFolderInside,
} from '../node/engine/index.js'
import type { OpenDiscussion, TuiSession } from './session.js'

/** What a new diagram came to: the reference added to the discussion (or null), and what to say. */
export interface NewDiagramOutcome {
  added: string | null
  message: string
}

/** What the editor opens with, so a person sees what kind of file it is. */
export const STARTERS: Readonly<Record<DiagramKind, string>> = {
  plantuml: "@startuml\n' Draw here, save and close the editor.\nAlice -> Bob : hello\n@enduml\n",
  mermaid: '%% Draw here, save and close the editor.\nsequenceDiagram\n  Alice->>Bob: hello\n',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">\n</svg>\n',
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  )

/** Why `name` cannot be a new diagram of `open` (the engine's rule, or the name is taken); null. */
export async function newDiagramProblem(
  open: OpenDiscussion,
  name: string,
): Promise<string | null> {
  const problem = diagramNameProblem(name)
  if (problem) return `"${name}" cannot name a diagram: ${problem}.`
  if (await exists(join(dirname(open.path), DIAGRAMS_FOLDER, name)))
    return `${DIAGRAMS_FOLDER}/${name} already exists; choose another name.`
  return null
}

/** Adds the comment with the `DIAGRAM:` line of a saved diagram, signed with the person's name. */
export async function commentDiagram(
  session: TuiSession,
  open: OpenDiscussion,
  ref: string,
): Promise<NewDiagramOutcome> {
  await session.engine.addComment(open.path, { text: `DIAGRAM: ${ref}`, vote: null })
  return {
    added: ref,
    message: `Added ${ref} with a comment by ${session.engine.userName}.`,
  }
}

/**
 * The fallback without a display (or without an artifact editor): `editor` (which suspends the
 * screen and runs $VISUAL/$EDITOR) on a starter copy; what it saved becomes `diagrams/<name>`.
 */
export async function newDiagramInEditor(
  session: TuiSession,
  open: OpenDiscussion,
  name: string,
  editor: (file: string) => string | null,
): Promise<NewDiagramOutcome> {
  const problem = await newDiagramProblem(open, name)
  if (problem) return { added: null, message: problem }
  const starter = STARTERS[diagramKind(name) ?? 'plantuml']
  const scratch = await mkdtemp(join(tmpdir(), 'discussions-diagram-'))
  let source: string
  let failure: string | null
  try {
    const copy = join(scratch, name)
    await writeFile(copy, starter)
    failure = editor(copy)
    source = await readFile(copy, 'utf8').catch(() => '')
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  if (failure !== null) return { added: null, message: `${failure} Nothing was added.` }
  if (source.trim() === '')
    return { added: null, message: 'The diagram was empty; nothing was added.' }
  if (source === starter)
    return { added: null, message: 'The diagram was not saved (unchanged); nothing was added.' }
  const folder = dirname(open.path)
  const target = join(folder, DIAGRAMS_FOLDER, name)
  await ensureFolderInside(dirname(target), folder)
  // Exclusive: a file of that name made meanwhile is never overwritten.
  await createDurably(target, source, folder)
  const ref = `${DIAGRAMS_FOLDER}/${name}`
  try {
    return await commentDiagram(session, open, ref)
  } catch (error) {
    // Without its comment the file would be an orphan nobody refers to.
    await rm(target, { force: true })
    throw error
  }
}
