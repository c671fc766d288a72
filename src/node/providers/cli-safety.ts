/**
 * Known AI CLIs run with their own write and tool permissions off. What each gets, and why:
 *
 * | program | we add | we refuse |
 * |---|---|---|
 * | `claude` | nothing: with `-p` a tool call that needs approval is denied, as no one can approve it | `--dangerously-skip-permissions`, `--allow-dangerously-skip-permissions`, `--permission-mode bypassPermissions` or `acceptEdits` |
 * | `codex exec` | `--sandbox read-only` unless a sandbox is named; `--skip-git-repo-check`, since the scratch folder it runs in is not a repository (with a read-only sandbox the check protects nothing) | `--dangerously-bypass-approvals-and-sandbox`, `--yolo`, `--full-auto`, `--sandbox danger-full-access` |
 * | `gemini` | nothing: in non-interactive mode a tool that would ask is denied | `-y`, `--yolo`, `--approval-mode yolo` or `auto_edit` |
 * | `opencode`, `ollama` | nothing (opencode's permissions live in its own config; ollama has no tools) | — |
 *
 * Every command also runs in an empty scratch folder, not the user's repository. A refused flag is
 * a configuration error that names the flag, so the user sees why instead of a silent rewrite.
 */
import { basename } from 'node:path'

import { CommandSyntaxError } from './split-command.js'

/** `--flag value` or `--flag=value`: the value, or null when the flag is absent. */
function flagValue(args: readonly string[], flags: readonly string[]): string | null {
  for (const [index, arg] of args.entries()) {
    for (const flag of flags) {
      if (arg === flag) return args[index + 1] ?? ''
      if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1)
    }
  }
  return null
}

function refuse(program: string, flag: string): never {
  throw new CommandSyntaxError(
    `${program} ${flag} turns off its permission checks; remove it: providers answer in text and need no tools`,
  )
}

function refuseFlags(program: string, args: readonly string[], flags: readonly string[]): void {
  for (const flag of flags) if (args.includes(flag)) refuse(program, flag)
}

function refuseValues(
  program: string,
  args: readonly string[],
  flags: readonly string[],
  values: readonly string[],
): void {
  const value = flagValue(args, flags)
  if (value !== null && values.includes(value)) refuse(program, `${flags[0]} ${value}`)
}

function hardenCodex(argv: string[]): string[] {
  const exec = argv.findIndex((arg, index) => index > 0 && (arg === 'exec' || arg === 'e'))
  const args = argv.slice(1)
  refuseFlags('codex', args, [
    '--dangerously-bypass-approvals-and-sandbox',
    '--yolo',
    '--full-auto',
  ])
  refuseValues('codex', args, ['--sandbox', '-s'], ['danger-full-access'])
  if (exec === -1) return argv
  const added: string[] = []
  if (flagValue(args, ['--sandbox', '-s']) === null) added.push('--sandbox', 'read-only')
  if (!args.includes('--skip-git-repo-check')) added.push('--skip-git-repo-check')
  return [...argv.slice(0, exec + 1), ...added, ...argv.slice(exec + 1)]
}

/** The command with the CLI's own safety flags in place; throws for a flag that removes them. */
export function hardenCommand(argv: readonly string[]): string[] {
  const program = basename(argv[0] ?? '')
  const args = argv.slice(1)
  switch (program) {
    case 'claude':
      refuseFlags('claude', args, [
        '--dangerously-skip-permissions',
        '--allow-dangerously-skip-permissions',
      ])
      refuseValues('claude', args, ['--permission-mode'], ['bypassPermissions', 'acceptEdits'])
      return [...argv]
    case 'codex':
      return hardenCodex([...argv])
    case 'gemini':
      refuseFlags('gemini', args, ['-y', '--yolo'])
      refuseValues('gemini', args, ['--approval-mode'], ['yolo', 'auto_edit'])
      return [...argv]
    default:
      return [...argv]
  }
}
