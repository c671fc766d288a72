/**
 * Diagrams for the PlantUML sandbox tests. The hostile ones try to read a local file, the
 * environment or the network (through a loopback canary) every way we know of; the safe ones are
 * what people draw, standard library and built-in themes included, and must keep rendering.
 */
import { homedir, userInfo } from 'node:os'

export interface CorpusDiagram {
  name: string
  source: string
}

const diagram = (body: string): string => `@startuml\n${body}\n@enduml\n`

/** `line` split by a PlantUML line continuation (`\` + newline) at every position. */
export function continuedEverywhere(line: string): string[] {
  return Array.from(
    { length: line.length - 1 },
    (_, i) => `${line.slice(0, i + 1)}\\\n${line.slice(i + 1)}`,
  )
}

export function hostileDiagrams(canary: string, secretFile: string): CorpusDiagram[] {
  const named: [string, string][] = [
    ['include a local file', `!include ${secretFile}`],
    ['include /etc/passwd', '!include /etc/passwd'],
    ['include from home', '!include ~/.bashrc'],
    ['include_many', `!include_many ${secretFile}`],
    ['include_once', `!include_once ${secretFile}`],
    ['includesub', `!includesub ${secretFile}!PART`],
    ['includedef', `!includedef ${secretFile}`],
    ['includeurl', `!includeurl ${canary}/includeurl`],
    ['include a URL', `!include ${canary}/include`],
    ['include_many a URL', `!include_many ${canary}/include_many`],
    ['import a URL', `!import ${canary}/import.zip`],
    ['import a file', `!import ${secretFile}`],
    ['stdlib path climbing out', '!include <../../../../../etc/passwd>'],
    ['stdlib with a file', `!include <${secretFile}>`],
    ['stdlib with a URL', `!include <${canary}/stdlib>`],
    ['theme from a URL', `!theme spacelab from ${canary}/themes`],
    ['theme from a folder', '!theme passwd from /etc'],
    ['load_json a URL', `!$j = %load_json("${canary}/json")\nA -> B : $j`],
    ['load_json a file', `!$j = %load_json("${secretFile}")\nA -> B : $j`],
    ['getenv HOME', 'A -> B : [%getenv("HOME")]'],
    ['getenv user.home', 'A -> B : [%getenv("user.home")] [%getenv("user.name")]'],
    ['getenv a secret', 'A -> B : [%getenv("DISCUSSIONS_CANARY_SECRET")]'],
    ['getenv from pieces', 'A -> B : %call_user_func("%get"+"env","user.home")'],
    [
      'getenv name in a variable',
      '!$f = "%get" + "env"\nA -> B : %call_user_func($f, "user.name")',
    ],
    [
      'invoke_procedure',
      '!procedure $p()\nA -> B : %getenv("HOME")\n!endprocedure\n%invoke_procedure("$p")',
    ],
    ['eval', 'A -> B : %eval("%get" + "env(\\"HOME\\")")'],
    ['get_variable_value', '!$x = "ok"\nA -> B : %get_variable_value("$" + "x") %getenv("USER")'],
    ['img URL', `A -> B : <img:${canary}/img.png>`],
    ['img from pieces', `!$a = "<im"+"g:${canary}/img-pieces.png>"\nA -> B : $a`],
    ['img file', `A -> B : <img:${secretFile}>`],
    ['img in a note', `note over A : <img:${canary}/note.png>`],
    ['sprite from a URL', `sprite $s <img:${canary}/sprite.png>\nA -> B : <$s>`],
    ['mixed case include', `!InClUdE ${secretFile}`],
    ['mixed case includeurl', `!InClUdEuRl ${canary}/mixed`],
    ['mixed case getenv', 'A -> B : [%GetEnv("HOME")]'],
    ['mixed case img', `A -> B : <IMG:${canary}/IMG.png>`],
    ['mixed case theme', `!THEME plain FROM ${canary}/THEME`],
    ['spaced include', `!   include   ${secretFile}`],
    ['spaced getenv', 'A -> B : [% getenv ( "HOME" )]'],
    ['pipe control line', `A -> B\n@@@format txt\n!include ${secretFile}`],
    ['second diagram after end', `A -> B\n@enduml\n@startuml\n!include ${secretFile}`],
    ['dump_memory', '!$secret = "x"\n!dump_memory\nA -> B'],
  ]
  const continued = [
    `!includeurl ${canary}/continued`,
    `!include ${secretFile}`,
    'A -> B : [%getenv("user.home")]',
    `A -> B : <img:${canary}/continued.png>`,
  ].flatMap((line, index) =>
    continuedEverywhere(line).map((source, at): [string, string] => [
      `continued line ${index + 1} split at ${at + 1}`,
      source,
    ]),
  )
  return [...named, ...continued].map(([name, body]) => ({ name, source: diagram(body) }))
}

/** What must never appear in a rendered diagram or its error. */
export function leakedValues(secret: string): string[] {
  const values = [secret, 'root:x:0:0', 'canary-json', 'CanaryA', 'fetched']
  const home = homedir()
  if (home.length > 1) values.push(home)
  const user = userInfo().username
  if (user.length >= 4) values.push(`[${user}]`, `>${user}<`)
  return values
}

export const SAFE_DIAGRAMS: CorpusDiagram[] = [
  { name: 'sequence', source: diagram('Alice -> Bob : hello\nBob --> Alice : hi') },
  {
    name: 'class',
    source: diagram('class Engine {\n  +runTurn()\n}\nclass Store\nEngine --> Store : appends'),
  },
  {
    name: 'activity',
    source: diagram(
      'start\n:Read file;\nif (valid?) then (yes)\n  :Render;\nelse (no)\n  :Show source;\nendif\nstop',
    ),
  },
  { name: 'state', source: diagram('[*] --> Open\nOpen --> Review : proposal\nReview --> [*]') },
  {
    name: 'component',
    source: diagram('[Renderer] --> [Backend] : invoke\n[Backend] --> [PlantUML] : pipe'),
  },
  { name: 'use case', source: diagram('actor User\nUser --> (Start a turn)') },
  {
    name: 'C4 from the standard library',
    source: diagram(
      '!include <C4/C4_Container>\nPerson(user, "User")\nContainer(app, "App", "Electron")\nRel(user, app, "uses")',
    ),
  },
  {
    name: 'AWS icons from the standard library',
    source: diagram(
      '!include <awslib/AWSCommon>\n!include <awslib/Compute/EC2>\nEC2(web, "Web", "runs the app")',
    ),
  },
  { name: 'built-in theme', source: diagram('!theme plain\nAlice -> Bob : themed') },
  { name: 'another built-in theme', source: diagram('!theme cerulean\nAlice -> Bob : blue') },
  {
    name: 'preprocessor',
    source: diagram(
      '!$who = "Bob"\n!procedure $greet($name)\n  Alice -> $name : hello\n!endprocedure\n$greet($who)',
    ),
  },
  {
    name: 'stereotypes that look like img',
    source: diagram(
      'interface Importer <<implements>>\nclass CsvImporter\nImporter <|.. CsvImporter',
    ),
  },
  {
    name: 'mind map',
    source: '@startmindmap\n* Discussion\n** Comments\n** Votes\n@endmindmap\n',
  },
  {
    name: 'without @startuml',
    source: 'Alice -> Bob : no start line\n',
  },
]
