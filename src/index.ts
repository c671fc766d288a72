/**
 * The Orchestrated Discussions library: the same engine the `discussions` CLI and the app use.
 *
 * @example
 * import { parseDiscussion, describeDiscussion, calculateConsensus } from 'orchestrated-discussions'
 * const view = describeDiscussion(parseDiscussion(text))
 * const consensus = calculateConsensus(view.votes, { human_required: true })
 */
export * from './core/index.js'
