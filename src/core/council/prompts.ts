/**
 * Prompt templates: markdown files with `{{name}}` placeholders (prompts/council/*.md, which a
 * project or user can override). Rendering is plain substitution; what goes into each placeholder
 * is decided in material.ts.
 */
import type { CouncilCall } from './plan.js'

export const PROMPT_NAMES = [
  'advisor-opening',
  'advisor-rebuttal',
  'advisor-final',
  'ranking',
  'referee',
  'freethinker',
  'arbiter',
  'meta-arbiter',
] as const
export type PromptName = (typeof PROMPT_NAMES)[number]

export function promptNameFor(call: CouncilCall): PromptName {
  switch (call.stage) {
    case 'opening':
      return 'advisor-opening'
    case 'rebuttal':
      return 'advisor-rebuttal'
    case 'final':
      return 'advisor-final'
    case 'ranking':
      return 'ranking'
    case 'ideation':
      return 'freethinker'
    case 'assessment':
      return 'arbiter'
    case 'synthesis':
      return call.role.kind === 'meta' ? 'meta-arbiter' : 'referee'
  }
}

/** The seed's word-count guidance, which keeps multi-round runs from exploding in tokens. */
export function wordGuidance(call: CouncilCall): string {
  switch (call.stage) {
    case 'opening':
      return '200-400 words'
    case 'rebuttal':
      return '200-300 words'
    case 'final':
      return '150-250 words'
    case 'ranking':
      return 'under 150 words'
    case 'ideation':
      return '3-5 ideas, 100-200 words each'
    case 'assessment':
      return 'a scored shortlist, 50-100 words per idea evaluation'
    case 'synthesis':
      return call.role.kind === 'meta' ? '300-500 words in total' : '300-500 words'
  }
}

/**
 * Fills `{{name}}` placeholders. An unknown name is left as written, so a typo in an overridden
 * template shows up in the prompt (and in `--show-prompt`) instead of vanishing.
 */
export function renderPrompt(template: string, values: Readonly<Record<string, string>>): string {
  const filled = template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
  )
  // Empty sections leave runs of blank lines behind; one blank line is enough.
  return `${filled.replace(/\n{3,}/g, '\n\n').trim()}\n`
}

/** Quoted material: clearly fenced, so a model reads it as data and not as its instructions. */
export function quoted(title: string, text: string): string {
  return `----- BEGIN ${title} -----\n${text.trim()}\n----- END ${title} -----`
}
