/**
 * The exported page's one style sheet, inline: the app's look without the app (Mantine's
 * palette, the marker colours and vote badges of `Markdown.module.css` and `VoteBadge.tsx`),
 * light or dark as the reader's system prefers, and a print layout (light, one column, no card
 * split across pages). Text colours reach WCAG AA on their backgrounds in both schemes.
 */
export const PAGE_STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --dimmed: #495057; --card: #ffffff; --border: #dee2e6;
  --soft: #f8f9fa; --code: #f1f3f5; --link: #364fc7; --human: #424242;
  --mention-fg: #364fc7; --mention-bg: #edf2ff;
  --q: #228be6; --todo: #fd7e14; --decision: #12b886; --concern: #fa5252;
  --diagram: #be4bdb; --neutral: #868e96;
  --ready-fg: #1a5325; --ready-bg: #ebfbee; --changes-fg: #8a4700; --changes-bg: #fff9db;
  --reject-fg: #7a1919; --reject-bg: #fff5f5;
  --label-mix: black; --label-amount: 55%;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #1f1f1f; --fg: #e9ecef; --dimmed: #c9c9c9; --card: #242424; --border: #424242;
    --soft: #2e2e2e; --code: #2e2e2e; --link: #91a7ff; --human: #b8b8b8;
    --mention-fg: #bac8ff; --mention-bg: rgba(76, 110, 245, 0.2);
    --ready-fg: #8ce99a; --ready-bg: rgba(64, 192, 87, 0.18);
    --changes-fg: #ffe066; --changes-bg: rgba(250, 176, 5, 0.18);
    --reject-fg: #ffa8a8; --reject-bg: rgba(250, 82, 82, 0.18);
    --label-mix: white; --label-amount: 40%;
  }
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body {
  margin: 0; font: 15px/1.6 Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  background: var(--bg); color: var(--fg);
}
a { color: var(--link); text-underline-offset: 2px; }
.page { max-width: 1320px; margin: 0 auto; padding: 24px 28px 40px; }
.page-header { border-bottom: 1px solid var(--border); padding-bottom: 16px; margin-bottom: 20px; }
.page-header h1 { margin: 0 0 6px; font-size: 1.7rem; line-height: 1.25; font-weight: 650; }
.meta { margin: 0 0 10px; color: var(--dimmed); font-size: 0.86rem; }
.status { font-weight: 700; letter-spacing: 0.03em; padding: 1px 8px; border-radius: 999px; border: 1px solid var(--border); background: var(--soft); color: var(--fg); }
.people { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 0; }
.people li { display: inline-flex; align-items: center; gap: 6px; border: 1px solid var(--border); border-radius: 999px; padding: 2px 4px 2px 10px; font-size: 0.82rem; font-weight: 600; background: var(--card); }
.people .no-vote { color: var(--dimmed); font-weight: 400; padding-right: 6px; }
.vote { display: inline-block; font-size: 0.7rem; font-weight: 700; letter-spacing: 0.04em; padding: 1px 8px; border-radius: 999px; }
.vote-READY { color: var(--ready-fg); background: var(--ready-bg); }
.vote-CHANGES { color: var(--changes-fg); background: var(--changes-bg); }
.vote-REJECT { color: var(--reject-fg); background: var(--reject-bg); }
.decision { border: 1px solid var(--border); border-left: 4px solid var(--neutral); border-radius: 8px; padding: 14px 18px; margin-bottom: 22px; background: var(--card); }
.decision-accepted { border-left-color: #40c057; }
.decision-rejected { border-left-color: #fa5252; }
.decision-proposed { border-left-color: #fab005; }
.decision h2 { margin: 0 0 6px; font-size: 1.1rem; }
.decision p { margin: 4px 0; }
.tally { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 8px 0 0; padding: 0; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 24px; align-items: start; }
.thread { min-width: 0; }
.context, .comment { border: 1px solid var(--border); border-radius: 8px; padding: 14px 18px; margin: 0 0 14px; background: var(--card); }
.comment-human { border-left: 3px solid var(--human); }
.comment-head { display: flex; justify-content: space-between; align-items: center; gap: 12px; margin-bottom: 6px; }
.who { display: flex; align-items: center; gap: 10px; min-width: 0; }
.avatar { flex: none; width: 32px; height: 32px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 0.78rem; font-weight: 700; color: #fff; background: #4263eb; }
.avatar-ai { background: var(--soft); color: var(--fg); border: 1px solid var(--border); }
.author { font-weight: 600; }
.kind { font-size: 0.68rem; font-weight: 700; padding: 0 6px; border-radius: 999px; background: var(--soft); border: 1px solid var(--border); margin-left: 6px; }
.where { display: block; font-size: 0.78rem; color: var(--dimmed); }
.phase-marker { text-align: center; color: var(--dimmed); font-size: 0.85rem; margin: 18px 0; }
.phase-marker::before, .phase-marker::after { content: " — "; }
.summary { position: sticky; top: 16px; }
.summary section { border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px; margin-bottom: 12px; background: var(--card); }
.summary h2 { font-size: 0.95rem; margin: 0 0 6px; }
.summary ul { margin: 0; padding-left: 1.1rem; font-size: 0.86rem; }
.summary li { margin-bottom: 4px; }
.markdown { overflow-wrap: anywhere; }
.markdown > :first-child { margin-top: 0; }
.markdown > :last-child { margin-bottom: 0; }
.markdown p, .markdown ul, .markdown ol, .markdown pre, .markdown blockquote, .markdown table { margin: 0 0 8px; }
.markdown h1, .markdown h2, .markdown h3, .markdown h4 { margin: 12px 0 6px; line-height: 1.3; font-size: 1rem; }
.markdown h1 { font-size: 1.15rem; }
.markdown ul, .markdown ol { padding-left: 1.4rem; }
.markdown code { font-family: ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace; font-size: 0.85em; padding: 1px 4px; border-radius: 4px; background: var(--code); }
.markdown pre { padding: 8px 12px; border-radius: 6px; overflow-x: auto; background: var(--soft); border: 1px solid var(--border); }
.markdown pre code { padding: 0; background: none; }
.markdown blockquote { padding-left: 12px; border-left: 3px solid var(--border); color: var(--dimmed); }
.markdown table { border-collapse: collapse; }
.markdown th, .markdown td { border: 1px solid var(--border); padding: 2px 8px; }
.od-marker-block { padding: 4px 8px; border-radius: 6px; border-left: 3px solid var(--od-marker-colour); background: color-mix(in srgb, var(--od-marker-colour) 9%, transparent); list-style-position: inside; }
li.od-marker-block { margin-left: -1.4rem; margin-bottom: 4px; }
.od-marker-label { font-weight: 700; font-size: 0.78em; letter-spacing: 0.03em; text-transform: uppercase; margin-right: 2px; color: color-mix(in srgb, var(--od-marker-colour) var(--label-amount), var(--label-mix)); }
.od-marker-question { --od-marker-colour: var(--q); }
.od-marker-todo { --od-marker-colour: var(--todo); }
.od-marker-decision { --od-marker-colour: var(--decision); }
.od-marker-concern { --od-marker-colour: var(--concern); }
.od-marker-diagram { --od-marker-colour: var(--diagram); }
.od-marker-vote, .od-marker-done { --od-marker-colour: var(--neutral); }
.od-mention { font-weight: 600; color: var(--mention-fg); background: var(--mention-bg); border-radius: 3px; padding: 0 3px; }
.od-blocked-image { font-size: 0.8rem; color: var(--dimmed); font-style: italic; }
figure.diagram { margin: 10px 0 0; padding: 10px; border: 1px solid var(--border); border-radius: 6px; background: #ffffff; color: #1f2328; overflow-x: auto; }
figure.diagram svg { max-width: 100%; height: auto; display: block; margin: 0 auto; }
figure.diagram figcaption { font-size: 0.78rem; color: #495057; margin-top: 6px; }
figure.diagram pre { margin: 0; white-space: pre-wrap; font-size: 0.8rem; }
.footer { margin-top: 28px; color: var(--dimmed); font-size: 0.8rem; border-top: 1px solid var(--border); padding-top: 10px; }
@media (max-width: 900px) { .layout { grid-template-columns: 1fr; } .summary { position: static; } }
@media print {
  :root { color-scheme: light; --bg: #fff; --fg: #000; --card: #fff; --soft: #f4f4f4; --dimmed: #333; }
  .page { max-width: none; padding: 0; }
  .layout { grid-template-columns: 1fr; }
  .summary { position: static; }
  .comment, .context, .decision, figure.diagram, .summary section { break-inside: avoid; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.8em; color: #333; }
}
`
