/**
 * Known AI CLIs never run with permission to write or run commands. Each is started with its
 * tools off (agent-clis/: claude `--tools=`, codex's feature switches in a read-only sandbox,
 * gemini `tools.core: []`, opencode `tools: {"*": false}`); what this file does is refuse, at the
 * entry's line in providers.yaml, a flag that would turn a CLI's permission checks off or give it
 * tools back:
 *
 * | program | refused |
 * |---|---|
 * | `claude` | `--dangerously-skip-permissions`, `--allow-dangerously-skip-permissions`, `--permission-mode bypassPermissions`, `acceptEdits` or `auto`, `--tools`, `--mcp-config` |
 * | `codex` | `--dangerously-bypass-approvals-and-sandbox`, `--yolo`, `--full-auto`, `--approve-for-me`, `--dangerously-bypass-hook-trust`, `--sandbox danger-full-access` or `workspace-write`, `--add-dir`, `--trust` |
 * | `gemini` | `-y`, `--yolo`, `--approval-mode yolo` or `auto_edit` |
 * | `opencode` | `--auto`, `--share`, `--attach` |
 *
 * Every command also runs in an empty scratch folder, not the user's repository. A refused flag is
 * a configuration error that names the flag, so the user sees why instead of a silent rewrite.
 */
import { basename } from 'node:path'

import { optionValue } from './agent-clis/agent-cli.js'
import { CommandSyntaxError } from './split-command.js'

function refuse(program: string, flag: string, why: string): never {
  throw new CommandSyntaxError(
    `${program} ${flag} ${why}; remove it: providers answer in text and need no tools`,
  )
}

const BYPASS = 'turns off its permission checks'
const TOOLS = 'gives it tools back (discussions turns them off)'

interface Refusal {
  /** Refused whenever present (`--flag` or `--flag=value`). */
  flags?: readonly string[]
  /** Refused with one of these values. */
  values?: { flags: readonly string[]; refused: readonly string[] }
  why: string
}

const REFUSED: Record<string, readonly Refusal[]> = {
  claude: [
    {
      flags: ['--dangerously-skip-permissions', '--allow-dangerously-skip-permissions'],
      why: BYPASS,
    },
    {
      values: {
        flags: ['--permission-mode'],
        refused: ['bypassPermissions', 'acceptEdits', 'auto'],
      },
      why: BYPASS,
    },
    { flags: ['--tools', '--mcp-config'], why: TOOLS },
  ],
  codex: [
    {
      flags: [
        '--dangerously-bypass-approvals-and-sandbox',
        '--yolo',
        '--full-auto',
        '--approve-for-me',
        '--dangerously-bypass-hook-trust',
      ],
      why: BYPASS,
    },
    {
      values: { flags: ['--sandbox', '-s'], refused: ['danger-full-access', 'workspace-write'] },
      why: BYPASS,
    },
    { flags: ['--add-dir'], why: 'lets it write outside its read-only sandbox' },
    { flags: ['--trust'], why: "writes to codex's own config" },
  ],
  gemini: [
    { flags: ['-y', '--yolo'], why: BYPASS },
    { values: { flags: ['--approval-mode'], refused: ['yolo', 'auto_edit'] }, why: BYPASS },
  ],
  opencode: [
    { flags: ['--auto'], why: BYPASS },
    { flags: ['--share'], why: 'publishes the discussion on a public link' },
    { flags: ['--attach'], why: "runs it on a server with that server's tools" },
  ],
}

/** The command as it is, once no flag of it removes the CLI's safety; throws for one that does. */
export function hardenCommand(argv: readonly string[]): string[] {
  const program = basename(argv[0] ?? '').replace(/\.(exe|cmd|bat|ps1)$/i, '')
  const args = argv.slice(1)
  for (const refusal of REFUSED[program] ?? []) {
    for (const flag of refusal.flags ?? []) {
      if (args.some((arg) => arg === flag || arg.startsWith(`${flag}=`)))
        refuse(program, flag, refusal.why)
    }
    if (refusal.values) {
      const value = optionValue(args, refusal.values.flags)
      if (value !== null && refusal.values.refused.includes(value))
        refuse(program, `${refusal.values.flags[0]} ${value}`, refusal.why)
    }
  }
  return [...argv]
}
