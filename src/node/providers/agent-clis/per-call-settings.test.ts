import { lstat, mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { gemini } from './gemini.js'
import { opencode } from './opencode.js'

const made: string[] = []
async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'discussions-agent-settings-'))
  made.push(path)
  return path
}
afterEach(async () => {
  await Promise.all(made.splice(0).map((path) => rm(path, { recursive: true, force: true })))
})

async function json(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
}

describe("gemini's home for the call", () => {
  it('keeps the login method and model of the user’s settings, and nothing that brings tools', async () => {
    const home = await folder()
    const scratch = await folder()
    await mkdir(join(home, '.gemini'))
    await writeFile(
      join(home, '.gemini', 'settings.json'),
      `{
        // the user's own, with comments as gemini allows
        "security": { "auth": { "selectedType": "oauth-personal" } },
        "model": { "name": "gemini-2.5-pro" },
        "tools": { "core": ["run_shell_command"] },
        "mcpServers": { "files": { "command": "files-server" } },
      }`,
    )
    await writeFile(join(home, '.gemini', 'oauth_creds.json'), '{"refresh_token":"r"}')
    const before = await readFile(join(home, '.gemini', 'settings.json'), 'utf8')

    const env = gemini.prepare(scratch, { HOME: home })

    expect(env).toMatchObject({ GEMINI_CLI_HOME: join(scratch, 'gemini-home'), NO_BROWSER: 'true' })
    const settings = await json(join(scratch, 'gemini-home', '.gemini', 'settings.json'))
    expect(settings).toMatchObject({
      security: { auth: { selectedType: 'oauth-personal' } },
      model: { name: 'gemini-2.5-pro' },
      tools: { core: [] },
      mcpServers: {},
      telemetry: { enabled: false },
    })
    // The login is the user's own file, linked, so a refreshed token lands there.
    const linked = join(scratch, 'gemini-home', '.gemini', 'oauth_creds.json')
    expect((await lstat(linked)).isSymbolicLink()).toBe(true)
    expect(await readlink(linked)).toBe(join(home, '.gemini', 'oauth_creds.json'))
    expect(await readFile(join(home, '.gemini', 'settings.json'), 'utf8')).toBe(before)
  })

  it('picks the API-key login when the user has chosen none and has a key', async () => {
    const scratch = await folder()
    gemini.prepare(scratch, { HOME: await folder(), GEMINI_API_KEY: 'AIza-not-read' })
    const settings = await json(join(scratch, 'gemini-home', '.gemini', 'settings.json'))
    expect(settings).toMatchObject({ security: { auth: { selectedType: 'gemini-api-key' } } })
    expect(JSON.stringify(settings)).not.toContain('AIza')
  })

  it('runs with its defaults when the user’s settings are not a settings file', async () => {
    const home = await folder()
    const scratch = await folder()
    await mkdir(join(home, '.gemini', 'settings.json'), { recursive: true })
    gemini.prepare(scratch, { HOME: home })
    expect(await json(join(scratch, 'gemini-home', '.gemini', 'settings.json'))).toMatchObject({
      tools: { core: [] },
    })
  })
})

describe("opencode's config for the call", () => {
  it('carries the user’s providers and model, anchors their {file:} paths, drops tools, agents and MCP servers', async () => {
    const configHome = await folder()
    const scratch = await folder()
    await mkdir(join(configHome, 'opencode'))
    await writeFile(
      join(configHome, 'opencode', 'opencode.jsonc'),
      `{
        "model": "local/qwen",
        "provider": {
          "local": {
            "npm": "@ai-sdk/openai-compatible",
            "options": { "baseURL": "http://127.0.0.1:1234/v1", "apiKey": "{file:./local.key}" },
            "models": { "qwen": { "cost": { "input": 1, "output": 2 } } },
          },
        },
        "tools": { "*": true },
        "agent": { "build": { "tools": { "bash": true } } },
        "mcp": { "files": { "type": "local", "command": ["files-server"] } },
        "plugin": ["opencode-anything"],
      }`,
    )

    const env = opencode.prepare(scratch, { XDG_CONFIG_HOME: configHome })

    expect(env).toMatchObject({
      XDG_CONFIG_HOME: join(scratch, 'opencode-config'),
      OPENCODE_DB: ':memory:',
      OPENCODE_DISABLE_PROJECT_CONFIG: 'true',
    })
    const config = await json(join(scratch, 'opencode-config', 'opencode', 'opencode.json'))
    expect(config).toEqual({
      $schema: 'https://opencode.ai/config.json',
      model: 'local/qwen',
      provider: {
        local: {
          npm: '@ai-sdk/openai-compatible',
          options: {
            baseURL: 'http://127.0.0.1:1234/v1',
            apiKey: `{file:${join(configHome, 'opencode', 'local.key')}}`,
          },
          models: { qwen: { cost: { input: 1, output: 2 } } },
        },
      },
      autoupdate: false,
      share: 'disabled',
      tools: { '*': false },
      permission: { '*': 'deny' },
      mcp: {},
      plugin: [],
    })
  })
})
