/**
 * A command provider stand-in for councils: a small node script that reads the prompt on stdin,
 * tells the role and round from it, logs the call, and answers as that role would (an arbiter
 * with a bridge packet when asked, a ranker with a RANKING line). While a `hang` file exists it
 * hangs on round 2's Visionary, writing its pid, so a test can kill the council mid-round.
 */

import { scriptedWorkspace } from '../support/scripted-workspace.js'

export const COUNCIL_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  const who = (prompt.match(/^You are the (\\w+(?:-\\w+)?)(?: of group ([DP]))?/m) || [])
  const role = who[1] ? (who[2] ? who[2] + '-' : '') + who[1].toLowerCase() : /asked to rank/.test(prompt) ? 'ranker' : 'unknown'
  const round = (prompt.match(/This is round (\\d+) of/) || [])[1] || '-'
  const via = process.argv[2] ? ' ' + process.argv[2] : ''
  fs.appendFileSync(path.join(__dirname, 'calls.log'), role + ' ' + round + via + '\\n')
  if (role === 'visionary' && round === '2' && fs.existsSync(path.join(__dirname, 'hang'))) {
    fs.writeFileSync(path.join(__dirname, 'hang.pid'), String(process.pid))
    setInterval(() => {}, 1000)
    return
  }
  const lines = ['**' + role + '**, round ' + round + ': a scripted answer to the question.', '']
  if (role === 'ranker') lines.push('Response A is clearer.', '', 'RANKING: A > B')
  else if (prompt.includes('## Bridge packet'))
    lines.push('1. **Idea one**: 8/10', '', '## Bridge packet', 'Shortlist:', '- idea one', 'Assumptions:', '- a team', 'Risks:', '- cost', 'Asks:', '- why not two?')
  else lines.push('- first point', '- second point')
  process.stdout.write(lines.join('\\n'))
})
`

/** A project with the stand-in as its only provider (user config), and helpers around it. */
export async function councilWorkspace() {
  return scriptedWorkspace({
    prefix: 'council-cli-',
    script: COUNCIL_SCRIPT,
    scriptName: 'council-ai',
  })
}
