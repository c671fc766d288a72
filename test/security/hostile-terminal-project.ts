/**
 * A project as a hostile repository would ship it: every text the CLI and the terminal UI print
 * holds every terminal attack (test/support/terminal-attacks.ts) — the discussion's title, its
 * authors, questions, decisions, concerns, actions and vote reasons, a persona's name and role,
 * a template's title, a debate's proposals and critiques, the project's user.name — and the
 * user's own provider `hostile` answers with them, written as `\u001b` inside its JSON.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { jsonForTerminal } from '../../src/core/terminal/json-for-terminal.js'
import { pathWithNode } from '../providers/stand-ins.js'
import { ROOT } from '../support/run-cli.js'
import { allAttacks } from '../support/terminal-attacks.js'
import { tempFolder } from '../support/temp.js'

/** A YAML (or JSON) string literal: JSON's escapes are YAML's, so every control stays written. */
const literal = (text: string): string => jsonForTerminal(text)

export interface HostileProject {
  root: string
  env: Record<string, string>
  discussion: string
  debate: string
}

function discussionText(): string {
  const a = allAttacks
  return `<!-- DISCUSSION -->
<!-- Phase: detailed_review -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-02T09:14:00Z -->
<!-- Template: feature -->
<!-- Participants: architect, security, hostile -->
<!-- Title: ${a('Title')} -->

# ${a('Heading')}

## Context

${a('Context')}

---

Name: AI-Architect${a('author')}

${a('Body')}

Q: ${a('Question')}
DECISION: ${a('Decision')}
CONCERN: ${a('Concern')}
TODO: ${a('Action')}
DIAGRAM: diagrams/${a('diagram')}.puml

VOTE: CHANGES - ${a('reason')}

---

Name: ${a('Human')}

${a('A human')}

VOTE: READY

---

Name: AI-Hostile

@security ${a('Mention')}

VOTE: REJECT

---
`
}

function debateText(): string {
  const a = allAttacks
  return `<!-- DISCUSSION -->
<!-- Phase: critique -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-26T08:57:23Z -->
<!-- Template: debate -->
<!-- Participants: architect, security -->
<!-- Weights: architect=2, security=1.5 -->
<!-- Debate: max_rounds=3, threshold=2/3, round_timeout=300, modifications=on -->
<!-- Title: ${a('Debate')} -->

# Debate: ${a('Topic')}

## Question

${a('Question')}

*The debate is recorded below.*

---

Name: Bot-Debate

ROUND: 1

---

Name: AI-Architect

PROPOSAL: P1 by @architect (confidence 0.7)

${a('Proposal one')}

---

Name: AI-Security

PROPOSAL: P2 by @security (confidence 0.6)

${a('Proposal two')}

---

Name: AI-Security

CRITIQUE: C1.security.1 on P1, blocking (round 1)

${a('Critique')}

---
`
}

export async function hostileProject(): Promise<HostileProject> {
  const root = await tempFolder('discussions-hostile-terminal-')
  const config = join(root, '.config')
  const discussions = join(root, 'discussions')
  const personas = join(root, '.discussions', 'personas')
  const templates = join(root, '.discussions', 'templates')
  for (const folder of [join(root, '.git'), config, discussions, personas, templates])
    await mkdir(folder, { recursive: true })

  // The project's own settings, persona and template, as a cloned repository holds them.
  await writeFile(join(root, 'discussions.yaml'), `user:\n  name: ${literal(allAttacks('Eve'))}\n`)
  await writeFile(
    join(personas, 'hostile.yaml'),
    [
      `name: ${literal(`AI-Hostile${allAttacks('name')}`)}`,
      'alias: hostile',
      `role: ${literal(allAttacks('Role'))}`,
      `personality: ${literal(allAttacks('Personality'))}`,
      `expertise: [${literal(allAttacks('Expertise'))}]`,
      '',
    ].join('\n'),
  )
  const template = await readFile(join(ROOT, 'templates', 'feature.yaml'), 'utf8')
  await writeFile(
    join(templates, 'hostile.yaml'),
    template
      .replace(/^name: .*$/m, 'name: hostile')
      .replace(/^title: .*$/m, `title: ${literal(allAttacks('Template'))}`)
      .replace(/^description: .*$/m, `description: ${literal(allAttacks('Description'))}`)
      .replace(/^aliases: .*$/m, 'aliases: []'),
  )
  await cp(join(ROOT, 'examples', 'diagrams'), join(discussions, 'diagrams'), { recursive: true })
  const discussion = join(discussions, 'hostile.md')
  await writeFile(discussion, discussionText())
  const debate = join(discussions, 'hostile-debate.md')
  await writeFile(debate, debateText())

  // The user's own providers: one answers with every attack, as a model writes `\u001b` in its
  // JSON; one fails with every attack in its error output.
  const answer = jsonForTerminal({ comment: allAttacks('Answer'), vote: 'READY' })
  const scripts = {
    hostile: `process.stdin.resume()\nprocess.stdin.on('end', () => process.stdout.write(${JSON.stringify(answer)}))`,
    'hostile-fail': `process.stderr.write(${JSON.stringify(allAttacks('Failure'))})\nprocess.exit(1)`,
  }
  const entries = ['default: demo', 'providers:']
  for (const [name, body] of Object.entries(scripts)) {
    const file = join(root, `${name}-ai`)
    await writeFile(file, `#!/usr/bin/env node\n${body}\n`, { mode: 0o755 })
    entries.push(`  - name: ${name}`, '    type: command', `    command: "${file}"`)
  }
  await writeFile(join(config, 'providers.yaml'), `${entries.join('\n')}\n`)
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    HOME: root,
    PATH: pathWithNode(),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
  }
  return { root, env, discussion, debate }
}
