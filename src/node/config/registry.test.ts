import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ConfigError } from './config-error.js'
import { packageRoot } from './paths.js'
import { findTemplate, loadPersonas, loadTemplates, requireTemplate } from './registry.js'
import type { RegistryDirs } from './registry.js'

let root: string
let dirs: RegistryDirs

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'discussions-registry-'))
  dirs = {
    project: join(root, 'project', '.discussions'),
    user: join(root, 'user'),
    bundled: join(root, 'bundled'),
  }
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function write(path: string, text: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
  return path
}

function persona(alias: string, role = 'Role', extra = ''): string {
  const name = `AI-${alias.charAt(0).toUpperCase()}${alias.slice(1)}`
  return `name: ${name}\nalias: ${alias}\nrole: ${role}\npersonality: You are ${alias}.\n${extra}`
}

describe('loadPersonas', () => {
  it('takes each alias from the highest layer: project, then user, then bundled', async () => {
    await write(join(dirs.bundled, 'personas', 'architect.yaml'), persona('architect', 'Bundled'))
    await write(join(dirs.bundled, 'personas', 'security.yaml'), persona('security', 'Bundled'))
    await write(join(dirs.bundled, 'personas', 'pragmatist.yaml'), persona('pragmatist'))
    await write(join(dirs.user, 'personas', 'architect.yaml'), persona('architect', 'Mine'))
    await write(join(dirs.user, 'personas', 'security.yaml'), persona('security', 'Mine'))
    const projectFile = await write(
      join(dirs.project ?? '', 'personas', 'security.yaml'),
      persona('security', 'Ours'),
    )
    const registry = await loadPersonas(dirs)
    expect(registry.problems).toEqual([])
    expect(registry.list().map((e) => [e.persona.alias, e.persona.role, e.source])).toEqual([
      ['security', 'Ours', 'project'],
      ['architect', 'Mine', 'user'],
      ['pragmatist', 'Role', 'bundled'],
    ])
    expect(registry.get('security')).toMatchObject({ source: 'project', file: projectFile })
  })

  it('finds a persona by alias or name, in any case, with or without @', async () => {
    await write(join(dirs.bundled, 'personas', 'architect.yaml'), persona('architect'))
    const registry = await loadPersonas(dirs)
    for (const name of ['architect', 'ARCHITECT', '@architect', 'AI-Architect', 'ai-architect']) {
      expect(registry.get(name)?.persona.alias).toBe('architect')
    }
    expect(registry.get('nobody')).toBeUndefined()
  })

  it("reads the seed's participants.yaml list form in the user folder", async () => {
    await write(join(dirs.bundled, 'personas', 'researcher.yaml'), persona('researcher'))
    const list = await write(
      join(dirs.user, 'participants.yaml'),
      `participants:
  - name: AI-Architect
    alias: architect
    role: Systems Architect
    personality: |
      You are a senior systems architect...
    type: voting
    provider_hint: claude-sonnet
  - name: AI-Researcher
    alias: researcher
    role: Research Assistant
    personality: |
      You are a research assistant...
    type: background
    provider_hint: claude-haiku
`,
    )
    const registry = await loadPersonas(dirs)
    expect(registry.problems).toEqual([])
    expect(registry.require('researcher')).toMatchObject({
      source: 'user',
      file: list,
      persona: { type: 'background', provider_hint: 'claude-haiku' },
    })
    expect(registry.list().map((entry) => entry.persona.alias)).toEqual(['architect', 'researcher'])
  })

  it('keeps loading past a broken file, and reports it', async () => {
    await write(join(dirs.bundled, 'personas', 'architect.yaml'), persona('architect'))
    await write(join(dirs.bundled, 'personas', 'security.yaml'), persona('security'))
    const broken = await write(
      join(dirs.user, 'personas', 'pragmatist.yaml'),
      persona('pragmatist', 'Role', 'type: voter\n'),
    )
    const syntax = await write(join(dirs.user, 'personas', 'zz.yaml'), 'name: "AI-Z\n')
    const registry = await loadPersonas(dirs)
    expect(registry.list().map((entry) => entry.persona.alias)).toEqual(['architect', 'security'])
    expect(registry.problems.map((problem) => problem.message)).toEqual([
      `${broken}:5: type: must be "voting" or "background" (got "voter")`,
      `${syntax}:2:1: YAML syntax error: Missing closing "quote`,
    ])
  })

  it('reports the broken file when its persona is asked for, rather than a lower layer', async () => {
    await write(join(dirs.bundled, 'personas', 'architect.yaml'), persona('architect', 'Bundled'))
    const mine = await write(
      join(dirs.user, 'personas', 'architect.yaml'),
      persona('architect', 'Mine', 'personalty: oops\n'),
    )
    const registry = await loadPersonas(dirs)
    expect(registry.get('architect')).toBeUndefined()
    expect(() => registry.require('architect')).toThrow(ConfigError)
    expect(() => registry.require('AI-Architect')).toThrow(
      `${mine}:5: unknown key "personalty" (did you mean "personality"?)`,
    )
  })

  it('checks each entry of participants.yaml on its own', async () => {
    const list = await write(
      join(dirs.user, 'participants.yaml'),
      `participants:\n  - ${persona('good').replaceAll('\n', '\n    ')}\n  - ${persona('bad', 'Role', 'type: 3').replaceAll('\n', '\n    ')}\n`,
    )
    const registry = await loadPersonas(dirs)
    expect(registry.list().map((entry) => entry.persona.alias)).toEqual(['good'])
    expect(registry.problems.map((problem) => problem.message)).toEqual([
      `${list}:11: participants[1].type: must be "voting" or "background" (got 3)`,
    ])
    expect(() => registry.require('bad')).toThrow(`${list}:11: participants[1].type`)
  })

  it('names the known personas for an unknown one, and the one meant', async () => {
    await write(join(dirs.bundled, 'personas', 'architect.yaml'), persona('architect'))
    await write(join(dirs.bundled, 'personas', 'security.yaml'), persona('security'))
    const registry = await loadPersonas(dirs)
    expect(() => registry.require('dba')).toThrow(
      new ConfigError('unknown persona "dba"; known: architect, security'),
    )
    expect(() => registry.require('securty')).toThrow(
      'unknown persona "securty" (did you mean "security"?); known: architect, security',
    )
  })

  it('reports the second of two personas with one alias in the same layer', async () => {
    const first = await write(join(dirs.user, 'personas', 'a.yaml'), persona('architect', 'A'))
    const second = await write(join(dirs.user, 'personas', 'b.yaml'), persona('architect', 'B'))
    const registry = await loadPersonas(dirs)
    expect(registry.require('architect').persona.role).toBe('A')
    expect(registry.problems.map((problem) => problem.message)).toEqual([
      `${second}: persona "architect" is already defined in ${first}; this one is ignored`,
    ])
  })

  it('is empty, without problems, when no folder exists', async () => {
    const registry = await loadPersonas({ ...dirs, project: null })
    expect(registry.list()).toEqual([])
    expect(registry.problems).toEqual([])
    expect(() => registry.require('architect')).toThrow(
      'unknown persona "architect"; known: none (no persona files were found)',
    )
  })
})

const TEMPLATE = `name: feature
title: Feature Discussion
phases:
  initial_feedback:
    next_phase: consensus_vote
  consensus_vote:
    voting: true
    next_phase: null
`

describe('loadTemplates', () => {
  it('finds templates by name or alias, and records where they came from', async () => {
    const adr = await write(
      join(dirs.bundled, 'templates', 'adr.yaml'),
      'name: adr\naliases: [architecture-decision]\nphases:\n  - id: proposal\n    next: null\n',
    )
    await write(join(dirs.bundled, 'templates', 'feature.yaml'), TEMPLATE)
    await write(
      join(dirs.project ?? '', 'templates', 'feature.yaml'),
      TEMPLATE.replace('Feature Discussion', 'Our Feature Flow'),
    )
    const registry = await loadTemplates(dirs)
    expect(registry.problems).toEqual([])
    expect(registry.require('Architecture-Decision')).toMatchObject({
      source: 'bundled',
      file: adr,
      template: { name: 'adr' },
    })
    expect(registry.require('feature')).toMatchObject({
      source: 'project',
      template: { title: 'Our Feature Flow' },
    })
    expect(registry.list().map((entry) => entry.template.name)).toEqual(['feature', 'adr'])
  })

  it('reports a bad next_phase at its line, and names the known templates', async () => {
    const file = await write(
      join(dirs.user, 'templates', 'feature.yaml'),
      TEMPLATE.replace('next_phase: consensus_vote', 'next_phase: vote'),
    )
    await write(
      join(dirs.bundled, 'templates', 'review.yaml'),
      'name: review\nphases: {review: {}}\n',
    )
    const registry = await loadTemplates(dirs)
    expect(registry.problems.map((problem) => problem.message)).toEqual([
      `${file}:5: phases.initial_feedback.next_phase: unknown phase "vote" (phases: initial_feedback, consensus_vote)`,
    ])
    expect(() => registry.require('feature')).toThrow(`${file}:5: `)
    expect(() => registry.require('adr')).toThrow('unknown template "adr"; known: review')
  })
})

describe('one template by name (findTemplate, requireTemplate)', () => {
  /** What the whole registry says for a name: the entry, or the error's message. */
  async function wholeSays(name: string): Promise<unknown> {
    const registry = await loadTemplates(dirs)
    try {
      return registry.require(name)
    } catch (error) {
      return (error as Error).message
    }
  }
  async function oneSays(name: string): Promise<unknown> {
    try {
      return await requireTemplate(dirs, name)
    } catch (error) {
      return (error as Error).message
    }
  }

  it('answers as the whole registry does, for names, aliases, hidden, broken and unknown ones', async () => {
    await write(
      join(dirs.bundled, 'templates', 'adr.yaml'),
      'name: adr\naliases: [architecture-decision]\nphases:\n  - id: proposal\n    next: null\n',
    )
    await write(join(dirs.bundled, 'templates', 'feature.yaml'), TEMPLATE)
    await write(
      join(dirs.bundled, 'templates', 'review.yaml'),
      'name: review\nphases: {review: {}}\n',
    )
    // The project hides `feature` from a file of another name; the user breaks `review`.
    await write(
      join(dirs.project ?? '', 'templates', 'ours.yaml'),
      TEMPLATE.replace('Feature Discussion', 'Our Feature Flow'),
    )
    await write(join(dirs.user, 'templates', 'review.yaml'), 'name: review\nphases: [\n')
    for (const name of [
      'feature',
      'FEATURE',
      'adr',
      'architecture-decision',
      'review',
      'revew',
      '../templates/adr',
      '',
    ]) {
      expect(await oneSays(name), name).toEqual(await wholeSays(name))
      expect(await findTemplate(dirs, name), name).toEqual((await loadTemplates(dirs)).get(name))
    }
    expect(await findTemplate(dirs, 'feature')).toMatchObject({
      source: 'project',
      template: { title: 'Our Feature Flow' },
    })
  })
})

describe('the bundled personas and templates', () => {
  it('each template lives in the file of its own name, which looking one up by name relies on', async () => {
    const dirs: RegistryDirs = { project: null, user: root, bundled: packageRoot() }
    const templates = await loadTemplates(dirs)
    expect(templates.list().length).toBeGreaterThan(0)
    for (const entry of templates.list()) {
      expect(basename(entry.file), entry.template.name).toBe(`${entry.template.name}.yaml`)
      expect(await findTemplate(dirs, entry.template.name)).toEqual(entry)
      for (const alias of entry.template.aliases)
        expect(await findTemplate(dirs, alias)).toEqual(entry)
    }
  })

  it('all load without problems', async () => {
    // `root` is an empty temp folder: no user personas or templates.
    const dirs: RegistryDirs = { project: null, user: root, bundled: packageRoot() }
    const personas = await loadPersonas(dirs)
    expect(personas.problems.map((problem) => problem.message)).toEqual([])
    expect(personas.list().map((entry) => entry.persona.alias)).toEqual(
      expect.arrayContaining(['architect', 'security', 'pragmatist', 'moderator', 'researcher']),
    )
    expect(personas.list().every((entry) => entry.source === 'bundled')).toBe(true)
    const templates = await loadTemplates(dirs)
    expect(templates.problems.map((problem) => problem.message)).toEqual([])
    expect(templates.list().map((entry) => entry.template.name)).toEqual(
      expect.arrayContaining(['feature', 'code-review', 'adr']),
    )
  })
})
