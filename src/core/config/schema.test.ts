import { describe, expect, it } from 'vitest'

import { validateWith } from './issues.js'
import { discussionsConfigSchema } from './schema.js'

const DEFAULT_CONFIG = discussionsConfigSchema.parse({})

const messages = (value: unknown): string[] => {
  const result = validateWith(discussionsConfigSchema, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('discussionsConfigSchema', () => {
  it("has the seed's defaults, with a human READY required", () => {
    expect(DEFAULT_CONFIG).toEqual({
      default_participants: ['architect', 'security', 'pragmatist'],
      default_template: 'feature',
      consensus: { threshold_ready: 0.67, threshold_reject: 0.01, human_required: true },
      providers: { default: null, fallback: [] },
      output: { directory: './discussions', summary_files: true },
      user: { name: null },
      turns: { concurrency: 8, timeout_seconds: null, context_chars: 120_000 },
      mcp: { author: null },
      limits: { discussion_mb: 64 },
      council: { default: null, stronger: null },
      budget: {
        max_cost_per_run: null,
        max_cost_per_discussion: null,
        warn_at: 0.8,
        assumed_answer_tokens: 4096,
        expected_answer_tokens: 500,
      },
      artifact_editor: null,
      plantuml_server: null,
    })
  })

  it('fills the rest of a nested setting when a file sets one key of it', () => {
    const config = discussionsConfigSchema.parse({ consensus: { threshold_ready: 0.5 } })
    expect(config.consensus).toEqual({
      threshold_ready: 0.5,
      threshold_reject: 0.01,
      human_required: true,
    })
  })

  it("reads the seed's example settings", () => {
    const config = discussionsConfigSchema.parse({
      default_participants: ['architect', 'security', 'pragmatist'],
      default_template: 'feature',
      consensus: { threshold_ready: 0.67, threshold_reject: 0.01, human_required: true },
      providers: { default: 'claude-sonnet', fallback: ['opencode-deepseek', 'claude-haiku'] },
      output: { directory: './discussions', summary_files: true },
    })
    expect(config.providers).toEqual({
      default: 'claude-sonnet',
      fallback: ['opencode-deepseek', 'claude-haiku'],
    })
  })

  it('says what is wrong, in words', () => {
    expect(messages({ consensus: { threshold_ready: 1.5 } })).toEqual([
      'consensus.threshold_ready: must be a fraction between 0 and 1, such as 0.67 (got 1.5)',
    ])
    expect(messages({ consensus: { human_required: 'yes' } })).toEqual([
      'consensus.human_required: must be true or false (got "yes")',
    ])
    expect(messages({ consensus: { humanrequired: true } })).toEqual([
      'consensus: unknown key "humanrequired" (did you mean "human_required"?)',
    ])
    expect(messages({ colour: 'blue' })).toEqual([
      'unknown key "colour" (known keys: default_participants, default_template, consensus, providers, output, user, turns, mcp, limits, council, budget, artifact_editor, plantuml_server)',
    ])
    expect(messages({ default_participants: 'architect' })).toEqual([
      'default_participants: must be a list (got "architect")',
    ])
  })
})
