/**
 * One meaning per short flag across the commands (`-p` is --provider, `-c` --callout, `-t`
 * --template). A command that used a letter for something else keeps the letter for one release
 * as a refusal naming the long option to write instead, so an old script stops with a fix rather
 * than doing something else. The option is hidden from --help.
 */
import { Option } from '@commander-js/extra-typings'
import type { CommandUnknownOpts } from '@commander-js/extra-typings'

import { CliError } from './errors.js'
import { pathOf } from './one-line-errors.js'

/** What each short flag means wherever it is defined; the consistency test keeps to it. */
export const SHORT_FLAGS: Readonly<Record<string, string>> = {
  '-p': '--provider',
  '-c': '--callout',
  '-t': '--template',
}

/** Refuses `short` on `command`, where it used to mean `long`, with one line naming `long`. */
export function retireShortFlag<T extends CommandUnknownOpts>(
  command: T,
  short: string,
  long: string,
): T {
  const key = short.replace(/^-/, '')
  command.addOption(new Option(`${short} <value>`).hideHelp())
  command.hook('preAction', (self) => {
    const value: unknown = self.getOptionValue(key)
    if (typeof value !== 'string') return
    const now = SHORT_FLAGS[short]
    const elsewhere = now === undefined ? '' : ` (it means ${now} in every command that has it)`
    throw new CliError(
      `${short} no longer stands for ${long} in \`${pathOf(self)}\`${elsewhere}; write ${long} ${JSON.stringify(value)}.`,
    )
  })
  return command
}
