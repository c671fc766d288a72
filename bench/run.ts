// `npm run bench`: every benchmark, one after another. Figures go in the issue notes, never in tests.
import { benchCli } from './cli.bench.js'
import { benchDiagrams } from './diagrams.bench.js'
import { benchFind } from './find.bench.js'
import { benchParse } from './parse.bench.js'
import { benchSearch } from './search.bench.js'
import { benchStore } from './store.bench.js'
import { benchTurn } from './turn.bench.js'
import { benchTui } from './tui.bench.js'
import { benchUi } from './ui.bench.js'

console.log(`node ${process.version}, ${process.platform}/${process.arch}`)
benchParse()
await benchStore()
await benchTurn()
await benchUi()
await benchTui()
await benchDiagrams()
await benchCli()
await benchSearch()
await benchFind()
