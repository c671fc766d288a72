/**
 * Every top-level command by name, with what `discussions --help` shows for it and how to load it.
 * The program lists all of them from this table and imports only the module of the command that
 * runs, so `--version`, `--help` and the light commands start without loading the engine, the
 * providers or the server (`command-table.test.ts` keeps the table in step with the modules).
 */
import type { Command } from '@commander-js/extra-typings'

import type { CliIO } from './io.js'

/** What a command module exports: registers its command(s) on the program. */
export type RegisterCommand = (
  program: Command,
  io: CliIO,
  setExitCode: (code: number) => void,
) => void

export interface CommandEntry {
  name: string
  /** The arguments as `--help` shows them after the name, e.g. `[options] <file>`. */
  usage: string
  description: string
  /** Loads the module that registers this command (and maybe others: see `providers`). */
  load: () => Promise<RegisterCommand>
}

const entry = (
  name: string,
  usage: string,
  description: string,
  load: () => Promise<RegisterCommand>,
): CommandEntry => ({ name, usage, description, load })

const providers = (): Promise<RegisterCommand> =>
  import('./commands/providers.js').then((m) => m.registerProviders)

export const COMMANDS: readonly CommandEntry[] = [
  // Authoring
  entry('new', '[options] <title>', 'Create a discussion from a template and print its path.', () =>
    import('./commands/new.js').then((m) => m.registerNew),
  ),
  entry('list', '[options]', 'List the discussions in a folder, most recently active first.', () =>
    import('./commands/list.js').then((m) => m.registerList),
  ),
  entry(
    'search',
    '[options] <query> [folder]',
    'Search the discussions of a folder (titles, comments, markers, authors): the best hits first, each with its file, line and comment number. Given one discussion file, its hits in the order of the file.',
    () => import('./commands/search.js').then((m) => m.registerSearch),
  ),
  entry(
    'status',
    '[options] <file>',
    'Show a discussion at a glance: phase, votes with reasons, open items, consensus.',
    () => import('./commands/status.js').then((m) => m.registerStatus),
  ),
  entry(
    'usage',
    '[options] [folder]',
    'What the discussions in a folder have spent, by discussion, provider and persona.',
    () => import('./commands/usage.js').then((m) => m.registerUsage),
  ),
  entry(
    'comment',
    '[options] <file> <text>',
    'Add a comment (and optionally a vote) to a discussion.',
    () => import('./commands/comment.js').then((m) => m.registerComment),
  ),
  entry(
    'advance',
    '[options] <file>',
    "Move a discussion to its template's next phase (or --to a chosen one); votes reset.",
    () => import('./commands/advance.js').then((m) => m.registerAdvance),
  ),
  entry(
    'turn',
    '[options] <file> [participants...]',
    'Ask the personas for their answers, in parallel; each answer is appended as it arrives.',
    () => import('./commands/turn.js').then((m) => m.registerTurn),
  ),
  entry(
    'debate',
    '',
    'Structured debates: propose, critique, defend, vote with weights until a 2/3 supermajority, or the human decides.',
    () => import('./commands/debate.js').then((m) => m.registerDebate),
  ),
  entry(
    'summarize',
    '[options] <file>',
    "Write <name>.sum.md beside a discussion: votes, questions, decisions, todos, concerns and an AI summary by the moderator's provider.",
    () => import('./commands/summarize.js').then((m) => m.registerSummarize),
  ),
  entry(
    'council',
    '[options] [question...]',
    'Ask an advisory council: three advisors and a referee, or D/P groups and a meta-arbiter.',
    () => import('./commands/council.js').then((m) => m.registerCouncil),
  ),
  entry(
    'participants',
    '',
    'The personas that can take part in discussions, and where each is defined.',
    () => import('./commands/participants.js').then((m) => m.registerParticipants),
  ),
  entry(
    'templates',
    '',
    'The templates a discussion can follow: their phases, and where each is defined.',
    () => import('./commands/templates.js').then((m) => m.registerTemplates),
  ),
  entry(
    'providers',
    '',
    'The AI providers personas answer through: list them, check them, try one.',
    providers,
  ),
  entry(
    'trust',
    '[options]',
    "Allow this project's own providers.yaml to run its programs and use your keys (once per project).",
    providers,
  ),
  // Decisions leaving the discussion
  entry(
    'export',
    '[options] <file>',
    'Export a discussion: its decision as an ADR (MADR, adr-tools, log4brains), or the whole discussion as one HTML page.',
    () => import('./commands/export.js').then((m) => m.registerExport),
  ),
  entry(
    'gate',
    '[options] <files...>',
    "Exit 0 only when every discussion reached a human-approved READY consensus under its template's rules; else 1, one line per file saying why (2: a file is not a discussion).",
    () => import('./commands/gate.js').then((m) => m.registerGate),
  ),
  // Diagrams
  entry('artifact', '', 'Create diagrams and other artifacts for a discussion.', () =>
    import('./commands/artifact.js').then((m) => m.registerArtifact),
  ),
  entry(
    'cleanup',
    '[options]',
    'List diagram files in diagrams/ folders that no discussion or summary references.',
    () => import('./commands/cleanup.js').then((m) => m.registerCleanup),
  ),
  // The app
  entry(
    'ui',
    '[options] [path]',
    'Open the app on a folder of discussions, or on one discussion: the desktop window, or your browser.',
    () => import('./commands/ui.js').then((m) => m.registerUi),
  ),
  // Coding agents
  entry(
    'mcp',
    '[folder]',
    'Serve a folder of discussions to coding agents (Claude Code, Codex, Gemini CLI, Cursor) over MCP on stdio.',
    () => import('./commands/mcp.js').then((m) => m.registerMcp),
  ),
  // The composable format tools
  entry(
    'parse',
    '[file]',
    'Print a discussion as JSON: headers, comments, votes, questions, decisions, ...',
    () => import('./commands/parse.js').then((m) => m.registerParse),
  ),
  entry(
    'validate',
    '[options] [file]',
    'Report problems in a discussion file, each with its line; exit 1 when there are any.',
    () => import('./commands/validate.js').then((m) => m.registerValidate),
  ),
  entry(
    'votes',
    '[options] [file]',
    'Count the current votes and tell whether consensus is reached (reads `parse` output or a discussion).',
    () => import('./commands/votes.js').then((m) => m.registerVotes),
  ),
  entry(
    'route',
    '[options] [file]',
    'Tell who should answer next and why (reads `parse` output or a discussion).',
    () => import('./commands/route.js').then((m) => m.registerRoute),
  ),
]

/** The command a command line runs: its first word that is not an option (`help X` runs X's help). */
export function commandOf(argv: readonly string[]): CommandEntry | undefined {
  const words = argv.filter((word) => !word.startsWith('-'))
  const name = words[0] === 'help' ? words[1] : words[0]
  return COMMANDS.find((command) => command.name === name)
}
