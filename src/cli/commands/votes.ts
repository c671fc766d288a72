import type { Command } from '@commander-js/extra-typings'

import { calculateConsensus, describeConsensus, describeRule } from '../../core/index.js'
import type { ConsensusConfig } from '../../core/index.js'
import { loadCliContext } from '../context.js'
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
    .option(
      '--threshold-ready <fraction>',
      'fraction of READY votes needed (default: consensus.threshold_ready of the configuration)',
      parseFraction,
    )
    .option(
      '--threshold-reject <fraction>',
      'fraction of REJECT votes that blocks (default: the configuration)',
      parseFraction,
    )
    .option('--human-required', 'a human READY is needed (the configuration says so by default)')
    .option('--no-human-required', 'no human READY is needed')
    .action(async (file, options) => {
      const view = readDiscussionView(await readInput(io, file))
      // The same rules `status` and turns apply: the configuration found from this folder.
      const engine = await loadCliContext(io)
      const rules: ConsensusConfig = { ...engine.config.consensus }
      const overridden: string[] = []
      if (options.thresholdReady !== undefined) {
        rules.threshold_ready = options.thresholdReady
        overridden.push('--threshold-ready')
      }
      if (options.thresholdReject !== undefined) {
        rules.threshold_reject = options.thresholdReject
        overridden.push('--threshold-reject')
      }
      if (options.humanRequired !== undefined) {
        rules.human_required = options.humanRequired
        overridden.push(options.humanRequired ? '--human-required' : '--no-human-required')
      }
      const result = calculateConsensus(view.votes, rules)
      const phase = await engine.phaseOf(view.template ?? null, view.phase ?? null)
      const source = engine.configFiles.length > 0 ? engine.configFiles.join(', ') : 'defaults'
      writeJson(io, {
        ...result,
        votes: view.votes,
        summary: describeConsensus(result, {
          ...(phase ? { phaseVotes: phase.voting } : {}),
          phase: phase?.title ?? view.phase ?? null,
        }),
        rule: describeRule(rules),
        rules: {
          ...rules,
          from: overridden.length > 0 ? `${source}, with ${overridden.join(' ')}` : source,
        },
      })
    })
}
