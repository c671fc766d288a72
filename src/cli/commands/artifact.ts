import { rmSync } from 'node:fs'
import { access } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

import type { Command } from '@commander-js/extra-typings'
import { execa } from 'execa'

import { diagramSlug, fileTime } from '../../core/diagrams/extract.js'
import { normalizeAuthor } from '../../core/format/serialize.js'
import {
  hasDisplay,
  launchArtifactEditor,
  NO_EDITOR_HINT,
  splitCommand,
} from '../../node/diagrams/artifact-editor.js'
import { checkDiagramName, DIAGRAMS_FOLDER } from '../../node/diagrams/diagram-name.js'
import { artifactEditorSetting } from '../../node/diagrams/editor-setting.js'
import { findProgram } from '../../node/providers/which.js'
import { createDurably, ensureFolderInside } from '../../node/store/durable-write.js'
import { loadCliContext, resolveFile } from '../context.js'
import { CliError } from '../errors.js'
import type { CliIO } from '../io.js'

const STARTER =
  "@startuml\n' Draw here, save and close the editor.\nAlice -> Bob : hello\n@enduml\n"

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/** Whether a terminal editor can run here: it needs a terminal on both sides. */
function hasTerminal(io: CliIO): boolean {
  return io.stdin.isTTY === true && (io.stdout as NodeJS.WriteStream).isTTY === true
}

/**
 * `$VISUAL`/`$EDITOR` on a new .puml: the headless fallback. Refuses without a terminal (a
 * terminal editor would wait forever for keys nobody can type). The starter file is removed when
 * the editor fails, is killed, or the command is interrupted, so nothing is left behind.
 */
async function editInTerminal(
  io: CliIO,
  env: NodeJS.ProcessEnv,
  file: string,
  within: string,
): Promise<string> {
  const command = env.VISUAL || env.EDITOR
  if (!command)
    throw new CliError(
      `No artifact editor can open here and neither $VISUAL nor $EDITOR is set. ${NO_EDITOR_HINT} Or set EDITOR (for example EDITOR=nano).`,
    )
  if (!hasTerminal(io))
    throw new CliError(
      `No display for the artifact editor, and no terminal for $VISUAL/$EDITOR (${command}), so nothing was created. ${NO_EDITOR_HINT} Or run this in a terminal.`,
    )
  const [program, ...args] = splitCommand(command)
  if (!program || !(await findProgram(program, env, io.cwd)))
    throw new CliError(`The editor "${command}" ($VISUAL/$EDITOR) was not found.`)
  await ensureFolderInside(dirname(file), within)
  await createDurably(file, STARTER, within)
  const removeStarter = (): void => rmSync(file, { force: true })
  const onSignal = (signal: NodeJS.Signals): void => {
    removeStarter()
    process.kill(process.pid, signal)
  }
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
  for (const signal of signals) process.once(signal, onSignal)
  try {
    const result = await execa(program, [...args, file], { env, stdio: 'inherit', reject: false })
    if (result.exitCode !== 0 || result.signal) {
      removeStarter()
      throw new CliError(
        `The editor ${result.signal ? `was stopped (${result.signal})` : `exited with ${result.exitCode}`}; nothing was created.`,
      )
    }
  } finally {
    for (const signal of signals) process.removeListener(signal, onSignal)
  }
  return file
}

export function registerArtifact(program: Command, io: CliIO): void {
  const artifact = program
    .command('artifact')
    .description('Create diagrams and other artifacts for a discussion.')
  artifact
    .command('new')
    .description(
      'Create a diagram for a discussion with the artifact editor (or $VISUAL/$EDITOR without a display) and print its DIAGRAM: line.',
    )
    .argument('<file>', 'the discussion file')
    .option('-n, --name <name>', 'file name to propose (default: <discussion>-<time>.puml)')
    .option('-c, --comment <text>', 'also add a comment with this text and the DIAGRAM: line')
    .action(async (fileArgument, options) => {
      const env = process.env
      const engine = await loadCliContext(io, env)
      const file = resolveFile(io, fileArgument)
      await engine.requireWritableDiscussion(file)
      const folder = dirname(file)
      const outputDir = join(folder, DIAGRAMS_FOLDER)
      const proposedName = checkDiagramName(
        options.name ??
          `${diagramSlug(fileArgument.replace(/^.*\//, '').replace(/\.md$/i, ''))}-${fileTime(new Date())}.puml`,
      )
      const root = engine.projectRoot ?? folder
      const setting = await artifactEditorSetting(
        engine.config.artifact_editor,
        engine.projectRoot,
        env,
      )
      if ('problem' in setting) throw new CliError(setting.problem)
      let relativePath: string
      const launched = hasDisplay(env, process.platform)
        ? await (async () => {
            await ensureFolderInside(outputDir, folder)
            return launchArtifactEditor({
              editor: setting.editor,
              outputDir,
              proposedName,
              roots: [root],
              relativeTo: folder,
              env,
            })
          })()
        : null
      if (launched?.kind === 'saved') relativePath = launched.relative
      else if (launched && launched.kind !== 'no-editor') throw new CliError(launched.message)
      else {
        if (launched) io.stderr.write(`${launched.message}\nFalling back to $VISUAL/$EDITOR.\n`)
        const target = join(outputDir, proposedName)
        if (await exists(target)) throw new CliError(`${target}: already exists.`)
        const saved = await editInTerminal(io, env, target, folder)
        relativePath = relative(folder, saved).split('\\').join('/')
      }
      const line = `DIAGRAM: ${relativePath}`
      if (options.comment !== undefined) {
        const text = options.comment.trim() === '' ? line : `${options.comment.trim()}\n\n${line}`
        await engine.addComment(file, {
          author: normalizeAuthor(engine.userName),
          text,
          vote: null,
        })
        io.stderr.write(`Added a comment to ${fileArgument} with the diagram.\n`)
      }
      io.stdout.write(`${line}\n`)
    })
}
