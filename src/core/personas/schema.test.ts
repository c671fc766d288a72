import { describe, expect, it } from 'vitest'

import { validateWith } from '../config/issues.js'
import { participantsFileSchema, personaSchema } from './schema.js'

const minimal = {
  name: 'AI-Architect',
  alias: 'architect',
  role: 'Systems Architect',
  personality: 'You are a senior systems architect.',
}

const messages = (value: unknown): string[] => {
  const result = validateWith(personaSchema, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('personaSchema', () => {
  it('fills the optional fields', () => {
    expect(personaSchema.parse(minimal)).toEqual({
      ...minimal,
      expertise: [],
      concerns: [],
      type: 'voting',
      provider_hint: null,
    })
  })

  it("reads the seed's full persona", () => {
    const persona = personaSchema.parse({
      ...minimal,
      expertise: ['System design', 'Scalability'],
      concerns: ['Will this scale?'],
      type: 'background',
      provider_hint: 'claude-sonnet',
    })
    expect(persona).toMatchObject({ type: 'background', provider_hint: 'claude-sonnet' })
  })

  it('takes an empty list field as no items', () => {
    expect(personaSchema.parse({ ...minimal, expertise: null }).expertise).toEqual([])
  })

  it('accepts an external command as a program or a program with arguments', () => {
    expect(personaSchema.parse({ ...minimal, command: 'discussion-architect' }).command).toBe(
      'discussion-architect',
    )
    expect(personaSchema.parse({ ...minimal, command: ['node', 'bot.js'] }).command).toEqual([
      'node',
      'bot.js',
    ])
    expect(messages({ ...minimal, command: 42 })).toEqual([
      'command: must be a program name, or a list of the program and its arguments (got 42)',
    ])
    expect(messages({ ...minimal, command: ['node', 7] })).toEqual([
      'command[1]: must be a string (got 7)',
    ])
    expect(messages({ ...minimal, command: [] })).toEqual(['command: must list at least one item'])
  })

  it('names every problem', () => {
    expect(messages({ ...minimal, type: 'voter' })).toEqual([
      'type: must be "voting" or "background" (got "voter")',
    ])
    // A misspelt key is one problem, not also a missing field.
    expect(messages({ ...minimal, personality: undefined, personalty: 'x' })).toEqual([
      'unknown key "personalty" (did you mean "personality"?)',
    ])
    expect(messages({ ...minimal, role: undefined })).toEqual(['missing required field "role"'])
    expect(messages({ ...minimal, alias: 'Architect' })).toEqual([
      'alias: must start with a lowercase letter and hold only lowercase letters, digits, "-" and "_" (got "Architect")',
    ])
    expect(messages({ ...minimal, role: null })).toEqual([
      'role: must be a string (got an empty value)',
    ])
    expect(messages({ ...minimal, role: '' })).toEqual(['role: must not be empty'])
    expect(messages({ ...minimal, expertise: 'Scalability' })).toEqual([
      'expertise: must be a list (got "Scalability")',
    ])
    expect(messages(['AI-Architect'])).toEqual([
      'the file must hold a mapping (key: value) at the top level (got a list)',
    ])
  })

  it("refuses a name that would count as a human's vote", () => {
    expect(messages({ ...minimal, name: 'Architect' })).toEqual([
      'name: must start with "AI-" (or "ai_", "bot-", "bot_") so its votes count as an AI\'s (got "Architect")',
    ])
    expect(personaSchema.parse({ ...minimal, name: 'bot_reviewer' }).name).toBe('bot_reviewer')
  })
})

describe('participantsFileSchema', () => {
  it("reads the seed's participants.yaml list form", () => {
    const file = participantsFileSchema.parse({
      participants: [
        { ...minimal, provider_hint: 'claude-sonnet' },
        { ...minimal, name: 'AI-Researcher', alias: 'researcher', type: 'background' },
      ],
    })
    expect(file.participants.map((persona) => [persona.alias, persona.type])).toEqual([
      ['architect', 'voting'],
      ['researcher', 'background'],
    ])
  })

  it('points at the entry that is wrong', () => {
    const result = validateWith(participantsFileSchema, {
      participants: [minimal, { ...minimal, alias: 'a b' }],
    })
    expect(result.success ? [] : result.issues).toEqual([
      {
        path: ['participants', 1, 'alias'],
        message:
          'participants[1].alias: must start with a lowercase letter and hold only lowercase letters, digits, "-" and "_" (got "a b")',
      },
    ])
  })
})
