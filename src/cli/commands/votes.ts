import type { Command } from '@commander-js/extra-typings'

import { calculateConsensus, describeConsensus } from '../../core/index.js'
import type { ConsensusConfig } from '../../core/index.js'
import { readDiscussionView } from '../discussion-input.js'
import type { CliIO } from '../io.js'
import { readInput, writeJson } from '../io.js'
import { parseFraction } from '../options.js'

export function registerVotes(program: Command, io: CliIO): void {
  program
    .command('votes')
    .description(
      'Count the current votes and tell whether consensus is reached (reads `parse` output or a discussion).',
    )
    .argument('[file]', '`discussions parse` output or a discussion file (default: stdin)')
    .option('--threshold-ready <fraction>', 'fraction of READY votes needed', parseFraction)
    .option('--threshold-reject <fraction>', 'fraction of REJECT votes that blocks', parseFraction)
    .option('--human-required', 'a human READY is needed')
    .option('--no-human-required', 'no human READY is needed')
    .action(async (file, options) => {
      const view = readDiscussionView(await readInput(io, file))
      const config: Partial<ConsensusConfig> = {}
      if (options.thresholdReady !== undefined) config.threshold_ready = options.thresholdReady
      if (options.thresholdReject !== undefined) config.threshold_reject = options.thresholdReject
      if (options.humanRequired !== undefined) config.human_required = options.humanRequired
      const result = calculateConsensus(view.votes, config)
      writeJson(io, { ...result, votes: view.votes, summary: describeConsensus(result) })
    })
}
