/**
 * A UI server over a folder with diagram discussions: PlantUML, Mermaid, SVG payloads, a broken
 * diagram and a path that leaves the workspace; a stand-in artifact editor configured in the
 * user's settings, and a display variable so the server runs it (the stand-in needs no display).
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { testWithUi } from './fixtures.js'
import { exampleFolder, startUi } from './ui-server.js'

export const SVG_PAYLOADS: Record<string, string> = {
  'script.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>window.__pwned=1</script><text x="4" y="20">script</text></svg>`,
  'onload.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="window.__pwned=2"><rect width="10" height="10" onclick="window.__pwned=2"/><text x="4" y="20">onload</text></svg>`,
  'foreign.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><foreignObject width="100" height="30"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:window.__pwned=3"></iframe></foreignObject><text x="4" y="20">foreign</text></svg>`,
  'jshref.svg': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"><a xlink:href="javascript:window.__pwned=4"><text x="4" y="20">jshref</text></a><a href="javascript:alert(1)"><rect width="5" height="5"/></a></svg>`,
  'use.svg': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"><use href="https://evil.example/sprite.svg#x"/><use xlink:href="data:image/svg+xml;base64,PHN2Zy8+#x"/><image href="https://evil.example/track.png" width="5" height="5"/><text x="4" y="20">use</text></svg>`,
  'css.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p.png) }</style><rect width="10" height="10" style="background:url(https://evil.example/b.png)"/><text x="4" y="20">css</text></svg>`,
}

const FLOW = `@startuml
actor User
participant "Web app" as App
database Store
User -> App : open discussion
App -> Store : read file
Store --> App : comments
App --> User : rendered page
@enduml
`

const CLASSES = `@startuml
class Engine {
  +runTurn()
}
class Store
Engine --> Store : appends
@enduml
`

const STATES = `stateDiagram-v2
  [*] --> Open
  Open --> Review : proposal
  Review --> Decided : consensus
  Decided --> [*]
`

const BROKEN = `@startuml
Alice -> Bob : fine
this line is not plantuml
@enduml
`

const BLOCKED = `@startuml
!include /etc/passwd
@enduml
`

function discussion(title: string, comments: [string, string][]): string {
  const blocks = comments.map(([author, body]) => `Name: ${author}\n${body}\n\n---\n`).join('\n')
  return `<!-- DISCUSSION -->
<!-- Title: ${title} -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-20T09:00:00Z -->
<!-- Template: feature -->
<!-- Participants: architect, visualizer -->

# ${title}

## Context

How a discussion travels from the file to the screen.

---

${blocks}`
}

const REVIEW = discussion('Diagram Review', [
  ['AI-Visualizer', 'The request flow as it stands.\n\nDIAGRAM: diagrams/flow.puml'],
  ['AI-Architect', 'And the classes behind it.\n\nDIAGRAM: diagrams/classes.puml'],
  ['Rob', 'The lifecycle, in Mermaid.\n\nDIAGRAM: diagrams/states.mmd'],
  ['AI-Visualizer', 'A draft that does not parse.\n\nDIAGRAM: diagrams/broken.puml'],
  [
    'AI-Mallory',
    'Reading files.\n\nDIAGRAM: diagrams/blocked.puml\nDIAGRAM: ../../../../etc/passwd',
  ],
])

const PAYLOADS = discussion('SVG Payloads', [
  [
    'AI-Mallory',
    `Pictures.\n\n${Object.keys(SVG_PAYLOADS)
      .map((name) => `DIAGRAM: diagrams/${name}`)
      .join('\n')}`,
  ],
])

/** The stand-in editor: saves an SVG (the extension changed from the proposed .puml). */
const EDITOR = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in --output-dir) dir=$2; shift;; --name) name=$2; shift;; esac
  shift
done
out="$dir/\${name%.puml}.svg"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect x="5" y="5" width="190" height="50" fill="#ddeeff" stroke="#336"/><text x="20" y="36">stand-in artifact</text></svg>' > "$out"
echo "editor: saved"
echo "ARTIFACT_SAVED:$out"
`

export async function diagramFolder(): Promise<string> {
  const folder = await exampleFolder({ 'diagram-review.md': REVIEW, 'svg-payloads.md': PAYLOADS })
  const diagrams = join(folder, 'diagrams')
  await mkdir(diagrams)
  const files: Record<string, string> = {
    'flow.puml': FLOW,
    'classes.puml': CLASSES,
    'states.mmd': STATES,
    'broken.puml': BROKEN,
    'blocked.puml': BLOCKED,
    'orphan.puml': FLOW.replace('open discussion', 'never referenced'),
    ...SVG_PAYLOADS,
  }
  for (const [name, text] of Object.entries(files)) await writeFile(join(diagrams, name), text)
  const root = join(folder, '..')
  await mkdir(join(root, '.config'), { recursive: true })
  const editor = join(root, 'stand-in-editor')
  await writeFile(editor, EDITOR)
  await chmod(editor, 0o755)
  await writeFile(join(root, '.config', 'discussions.yaml'), `artifact_editor: ${editor}\n`)
  return folder
}

export const test = testWithUi(async () => {
  const folder = await diagramFolder()
  const display = process.env.DISPLAY
  process.env.DISPLAY = display || ':0' // the server reads it at start; the stand-in ignores it
  const ui = await startUi(folder)
  if (display === undefined) delete process.env.DISPLAY
  else process.env.DISPLAY = display
  return ui
})

/** The same folder served with no display: browser mode over SSH, where no editor window can open. */
export const testWithoutDisplay = testWithUi(async () => {
  const folder = await diagramFolder()
  const saved = { DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY }
  delete process.env.DISPLAY // the server reads them at start
  delete process.env.WAYLAND_DISPLAY
  const ui = await startUi(folder)
  for (const [name, value] of Object.entries(saved))
    if (value !== undefined) process.env[name] = value
  return ui
})

export { expect } from '@playwright/test'
