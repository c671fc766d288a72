import { describe, expect, it } from 'vitest'

import { validateWith } from '../../../core/config/issues.js'
import { providersFileSchema } from './index.js'

const providersFile = providersFileSchema

function messages(value: unknown): string[] {
  const result = validateWith(providersFile, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('providers.yaml schema', () => {
  it("reads the seed's file as it is: a command and no type is a command provider", () => {
    const result = providersFile.parse({
      providers: [
        { name: 'claude-sonnet', command: 'claude -p --model sonnet', description: 'Balanced' },
        { name: 'codex', command: ['codex', 'exec', '-'] },
      ],
    })
    expect(result.providers.map((entry) => entry.type)).toEqual(['command', 'command'])
  })

  it('takes HTTP providers with prices, timeouts and key variables', () => {
    const result = providersFile.parse({
      providers: [
        {
          name: 'local',
          type: 'openai',
          base_url: 'http://127.0.0.1:11434/v1',
          model: 'llama3.2',
          timeout: 90,
          inactivity_timeout: 20,
        },
        {
          name: 'sonnet-api',
          type: 'anthropic',
          model: 'claude-sonnet-4-5',
          api_key_env: 'ANTHROPIC_API_KEY',
          prices: { input_per_mtok: 3, output_per_mtok: 15 },
        },
      ],
      default: 'local',
      fallback: ['sonnet-api'],
    })
    const api = result.providers[1]
    expect(api?.type === 'anthropic' && api.prices).toEqual({
      input_per_mtok: 3,
      output_per_mtok: 15,
    })
  })

  it('says what is missing or wrong, at the field', () => {
    expect(messages({ providers: [{ name: 'x' }] })).toEqual([
      'providers[0].type: give a command, or a type ("command", "openai", "anthropic", "gemini", "ollama" or "demo")',
    ])
    expect(messages({ providers: [{ name: 'x', type: 'openai' }] })).toEqual([
      'providers[0]: missing required field "model"',
    ])
    expect(messages({ providers: [{ name: 'has space', command: 'x' }] })[0]).toMatch(
      /^providers\[0\]\.name: must be letters/,
    )
    expect(
      messages({ providers: [{ name: 'x', command: 'x', api_key_env: 'sk-123' }] })[0],
    ).toMatch(/api_key_env: must be the name of an environment variable/)
    expect(messages({ providers: [{ name: 'x', command: 'x', comand: 'y' }] })[0]).toContain(
      'did you mean "command"?',
    )
    expect(
      messages({
        providers: [
          { name: 'x', command: 'a' },
          { name: 'x', command: 'b' },
        ],
      }),
    ).toEqual(['providers[1].name: "x" is defined twice in this file'])
  })

  it('checks each entry against its own kind’s keys', () => {
    expect(
      messages({ providers: [{ name: 'g', type: 'gemini', model: 'm', env: ['HOME'] }] }),
    ).toEqual([
      'providers[0]: "env" is a key of command providers, not of gemini ones (its keys: name, type, description, base_url, model, api_key_env, timeout, inactivity_timeout, max_output_bytes, max_tokens, prices)',
    ])
    expect(messages({ providers: [{ name: 'o', type: 'ollama', modle: 'llama3.2' }] })).toEqual([
      'providers[0]: unknown key "modle" (did you mean "model"?)',
    ])
    // Without a type, a misspelt `command` is the whole story.
    expect(messages({ providers: [{ name: 'x', comand: 'claude -p' }] })).toEqual([
      'providers[0]: unknown key "comand" (did you mean "command"?)',
    ])
    expect(messages({ providers: ['just a name'] })).toEqual([
      'providers[0]: must be a mapping (name: ..., type: ...)',
    ])
    const read = providersFile.parse({
      providers: [
        { name: 'g', type: 'gemini', model: 'gemini-2.5-flash' },
        { name: 'o', type: 'ollama', model: 'llama3.2', base_url: 'http://127.0.0.1:11434' },
      ],
    })
    expect(read.providers.map((entry) => entry.type)).toEqual(['gemini', 'ollama'])
  })
})
