/**
 * The terminal UI and the programs it hands the terminal to, in a real terminal (tmux) at 80x24
 * and 120x40: `$EDITOR` from the comment editor (Ctrl-E) and on a diagram (`e`), a new diagram
 * through `$EDITOR` (no display) and through the configured artifact editor (a display), and the
 * file saved over by another program, restored from the journal. The editor is a small script
 * that reads a line from the terminal, so the test also proves the UI let go of the keyboard.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { tmuxAvailable } from './tmux-terminal.js'
import {
  closeTerminalsAfterEach,
  script,
  sizeFor,
  start,
  transcript,
  workspace,
} from './tui-harness.js'

closeTerminalsAfterEach()

/**
 * The terminal UI at 80x24 where there is a display (and a `$EDITOR` that would fail), on the
 * diagrams list's name prompt for a new diagram; with the discussion's text before it.
 */
async function newDiagramNameWithDisplay(
  env: NodeJS.ProcessEnv,
  file: string,
): Promise<{ terminal: ReturnType<typeof start>; before: string }> {
  const terminal = start({ ...env, DISPLAY: ':99', EDITOR: '/bin/false' }, [file], {
    columns: 80,
    rows: 24,
  })
  await terminal.waitFor('Add User Authentication ·')
  const before = await readFile(file, 'utf8')
  terminal.press('d')
  await terminal.waitFor('Diagrams of Add User Authentication')
  terminal.press('n')
  await terminal.waitFor('File name (saved in diagrams/')
  return { terminal, before }
}

/**
 * `$EDITOR` for the tests. What it does to the file it is given is read from `mode` beside it:
 * `read` asks for a line on the terminal and appends it; `sequence` adds a message before
 * `@enduml`; `component` adds a component; `untouched` leaves the file; `empty` empties it. Each
 * call logs whether it had a terminal on both sides.
 */
async function testEditor(): Promise<{
  editor: string
  mode: (mode: string) => Promise<void>
  log: string
}> {
  const folder = await tempFolder('discussions-tui-editor-')
  const log = join(folder, 'calls.log')
  const editor = await script(
    folder,
    'edit',
    [
      `mode=$(cat "${folder}/mode")`,
      `if [ -t 0 ] && [ -t 1 ]; then echo "tty $mode" >> "${log}"; else echo "no tty" >> "${log}"; fi`,
      'case "$mode" in',
      `  read) printf 'editor> '; read line; printf '%s\\n' "$line" >> "$1" ;;`,
      `  sequence) sed -i 's/^@enduml$/Alice -> Carol : drawn in the editor\\n@enduml/' "$1" ;;`,
      `  component) sed -i 's/^@enduml$/component "edited-here" as EditedHere\\n@enduml/' "$1" ;;`,
      '  empty) : > "$1" ;;',
      'esac',
    ].join('\n'),
  )
  return {
    editor,
    log,
    mode: (mode) => writeFile(join(folder, 'mode'), mode),
  }
}

// Each journey runs cold, then warm (at the other size where it is sized).
coldThenWarm(
  'the terminal UI hands the terminal over and back',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`
    it(`round-trips $EDITOR from the comment editor and on a diagram, and adds diagrams at ${name}`, async () => {
      const { folder, env } = await workspace()
      const { editor, mode, log } = await testEditor()
      const file = join(folder, 'add-user-authentication.md')
      const terminal = start({ ...env, EDITOR: editor }, [file], size)
      await terminal.waitFor('Add User Authentication ·')

      // Ctrl-E: the editor gets the terminal and the keyboard; what it wrote comes back.
      await mode('read')
      terminal.press('c')
      await terminal.waitFor('Comment as Rob')
      terminal.type('DIAGRAM: diagrams/api-gateway.puml')
      terminal.press('Enter')
      terminal.type('Typed here first.')
      terminal.press('Enter')
      await terminal.waitFor('Typed here first.')
      terminal.press('C-e')
      await transcript(name, '15-editor-running', await terminal.waitFor('editor>'))
      terminal.type('typed into the editor')
      terminal.press('Enter')
      const back = await terminal.waitFor('Back from the editor: Ctrl-S saves.')
      expect(back).toContain('Comment as Rob')
      expect(back).toContain('Typed here first.')
      expect(back).toContain('typed into the editor')
      await transcript(name, '16-back-from-editor', back)
      terminal.press('C-s')
      await terminal.waitFor('Comment saved')
      expect(await readFile(file, 'utf8')).toMatch(
        /Name: Rob\n+DIAGRAM: diagrams\/api-gateway\.puml\nTyped here first\.\ntyped into the editor\n+---\n$/,
      )

      // `e` on a diagram, twice: the screen is drawn whole again each time.
      await mode('component')
      terminal.press('d')
      await terminal.waitFor('diagrams/api-gateway.puml')
      const gateway = join(folder, 'diagrams', 'api-gateway.puml')
      for (const round of [1, 2]) {
        terminal.press('e')
        const edited = await terminal.waitFor('Saved diagrams show here at once.')
        expect(edited).toContain('Diagrams of Add User Authentication')
        expect(edited).toContain('diagrams/api-gateway.puml')
        if (round === 2) await transcript(name, '17-diagram-edited', edited)
      }
      expect((await readFile(gateway, 'utf8')).match(/edited-here/g)).toHaveLength(2)

      // n: a new diagram through $EDITOR (no display here); the engine's name rule applies.
      const before = await readFile(file, 'utf8')
      await mode('sequence')
      terminal.press('n')
      const asked = await terminal.waitFor('File name (saved in diagrams/')
      expect(asked).toMatch(/add-user-authentication-\d{8}T\d{6}\.puml/)
      await transcript(name, '18-new-diagram-name', asked)
      terminal.press('C-u')
      terminal.type('../escape.puml')
      terminal.press('Enter')
      const refused = await terminal.waitFor('cannot name a diagram')
      expect(refused).toContain('give a file name only')
      await transcript(name, '19-new-diagram-refused', refused)
      terminal.press('C-u')
      terminal.type('login-flow.puml')
      terminal.press('Enter')
      const added = await terminal.waitFor('Added diagrams/login-flow.puml with a comment by Rob.')
      expect(added).toContain('diagrams/login-flow.puml')
      // The new diagram is chosen and previewed.
      await transcript(name, '20-new-diagram-added', await terminal.waitFor('Carol'))
      expect(await readFile(join(folder, 'diagrams', 'login-flow.puml'), 'utf8')).toContain(
        'Alice -> Carol : drawn in the editor',
      )
      const appended = await readFile(file, 'utf8')
      expect(appended.startsWith(before)).toBe(true)
      expect(appended.slice(before.length)).toMatch(
        /^\n*Name: Rob\n+DIAGRAM: diagrams\/login-flow\.puml\n+---\n$/,
      )
      expect(existsSync(join(folder, 'escape.puml'))).toBe(false)

      // Closed unsaved, or saved empty: nothing is added and no file is left behind.
      for (const [kind, said] of [
        ['untouched', 'not saved (unchanged)'],
        ['empty', 'The diagram was empty'],
      ] as const) {
        await mode(kind)
        const text = await readFile(file, 'utf8')
        terminal.press('n')
        await terminal.waitFor('File name (saved in diagrams/')
        terminal.press('C-u')
        terminal.type(`${kind}.puml`)
        terminal.press('Enter')
        await transcript(name, `21-new-diagram-${kind}`, await terminal.waitFor(said))
        expect(await readFile(file, 'utf8')).toBe(text)
        expect(existsSync(join(folder, 'diagrams', `${kind}.puml`))).toBe(false)
      }
      expect((await readdir(join(folder, 'diagrams'))).sort()).toEqual([
        'api-gateway.puml',
        'login-flow.puml',
      ])

      // Every editor run had the terminal on both sides.
      expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual([
        'tty read',
        'tty component',
        'tty component',
        'tty sequence',
        'tty untouched',
        'tty empty',
      ])
      terminal.press('Escape')
      await terminal.waitFor('r turn')
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 240_000)

    it(`offers to restore what another program saved over, from the journal, at ${name}`, async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const original = await readFile(file, 'utf8')
      const terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication ·')

      // A comment and a phase change made here: both are in the journal.
      terminal.press('c')
      await terminal.waitFor('Comment as Rob')
      terminal.type('Kept safe by the journal.')
      terminal.press('C-s')
      await terminal.waitFor('Comment saved')
      terminal.press('a')
      await terminal.waitFor('Votes reset')
      terminal.press('y')
      await terminal.waitFor('Advanced from detailed_review')

      // An editor that had the file open before saves its old buffer over it.
      await writeFile(file, original)
      const asked = await terminal.waitFor('y restores them from the journal')
      // The question wraps to the terminal's width.
      const question = asked.replace(/\s+/g, ' ')
      expect(question).toContain('saved over from an older copy')
      expect(question).toContain('1 comment (Rob)')
      expect(question).toContain('the move from detailed review to consensus vote')
      await transcript(name, '22-saved-over', asked)

      // n leaves the file alone, and the same loss is not asked about again.
      terminal.press('n')
      await terminal.waitFor('Left as it is.')
      expect(await readFile(file, 'utf8')).toBe(original)

      // A new loss (another comment saved over too) is asked about; y restores all of it.
      terminal.press('c')
      await terminal.waitFor('Comment as Rob')
      terminal.type('A second thought.')
      terminal.press('C-s')
      await terminal.waitFor('Comment saved')
      await writeFile(file, original)
      await terminal.waitFor(/2\s+comments\s+\(Rob\)/)
      terminal.press('y')
      const restored = await terminal.waitFor('Restored from the journal')
      await transcript(name, '23-restored', restored)
      const text = await readFile(file, 'utf8')
      // The old copy's text stays as it was, but for the phase header the move sets again.
      const withoutPhase = (discussion: string): string =>
        discussion.replace(/<!-- Phase: \w+ -->\n/, '')
      expect(withoutPhase(text).startsWith(withoutPhase(original))).toBe(true)
      expect(text).toMatch(/PHASE-TRANSITION: detailed_review -> consensus_vote/i)
      expect(text).toContain('Kept safe by the journal.')
      expect(text).toContain('A second thought.')
      expect(text.indexOf('Kept safe')).toBeLessThan(text.indexOf('A second thought.'))
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 240_000)

    it('adds a diagram through the configured artifact editor where there is a display', async () => {
      const { folder, config, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const tools = await tempFolder('discussions-tui-artifact-')
      const artifactEditor = await script(
        tools,
        'artifact-editor',
        [
          'while [ $# -gt 0 ]; do case "$1" in',
          '  --output-dir) dir="$2"; shift 2 ;;',
          '  --name) name="$2"; shift 2 ;;',
          '  *) shift ;;',
          'esac; done',
          `printf '@startuml\\nAlice -> Dana : from the artifact editor\\n@enduml\\n' > "$dir/$name"`,
          'echo "ARTIFACT_SAVED:$dir/$name"',
        ].join('\n'),
      )
      await writeFile(join(config, 'discussions.yaml'), `artifact_editor: "${artifactEditor}"\n`)
      const { terminal, before } = await newDiagramNameWithDisplay(env, file)
      terminal.press('C-u')
      terminal.type('from-gui.puml')
      terminal.press('Enter')
      const added = await terminal.waitFor('Added diagrams/from-gui.puml with a comment by Rob.')
      expect(added).toContain('diagrams/from-gui.puml')
      await transcript('80x24', '24-artifact-editor', await terminal.waitFor('Dana'))
      expect(await readFile(join(folder, 'diagrams', 'from-gui.puml'), 'utf8')).toContain(
        'from the artifact editor',
      )
      const appended = await readFile(file, 'utf8')
      expect(appended.startsWith(before)).toBe(true)
      expect(appended.slice(before.length)).toMatch(
        /^\n*Name: Rob\n+DIAGRAM: diagrams\/from-gui\.puml\n+---\n$/,
      )
      terminal.press('Escape')
      await terminal.waitFor('r turn')
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)

    it("refuses an untrusted project's artifact editor (the attacker's repository)", async () => {
      const { root, folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const marker = join(root, 'artifact-editor-ran')
      const hostile = await script(root, 'innocent-editor', `touch "${marker}"`)
      await writeFile(join(root, 'discussions.yaml'), `artifact_editor: "${hostile}"\n`)
      const { terminal, before } = await newDiagramNameWithDisplay(env, file)
      terminal.press('Enter')
      const refused = await terminal.waitFor(/trust/i)
      await transcript('80x24', '25-artifact-editor-untrusted', refused)
      expect(existsSync(marker)).toBe(false)
      expect(await readFile(file, 'utf8')).toBe(before)
      expect(await readdir(join(folder, 'diagrams'))).toEqual(['api-gateway.puml'])
      terminal.press('Escape')
      await terminal.waitFor('r turn')
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
