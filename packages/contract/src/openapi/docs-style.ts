/** The docs page's stylesheet, inline so the page is one self-contained response (nothing fetched). */
export const DOCS_CSS = `
:root { --ink:#1f2933; --muted:#616e7c; --line:#e4e7eb; --bg:#f7f8fa; --accent:#3b5bdb; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--ink); background:var(--bg); }
main { max-width: 980px; margin: 0 auto; padding: 32px 24px 64px; }
h1 { font-size: 28px; margin: 0 0 4px; } h2 { margin-top: 40px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
h3 { margin: 0; font-size: 17px; } h4 { margin: 18px 0 6px; font-size: 14px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: #eef1f5; padding: 1px 4px; border-radius: 4px; }
a { color: var(--accent); }
.lead { color: var(--muted); white-space: pre-line; }
nav ul { padding-left: 18px; } nav li { margin: 2px 0; }
.operation { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px; margin: 18px 0; }
.operation header { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
.method { font: 700 12px/1 ui-monospace, monospace; color: #fff; padding: 6px 8px; border-radius: 6px; text-transform: uppercase; }
.method.get { background: #2f9e44; } .method.post { background: #3b5bdb; } .method.patch { background: #e67700; } .method.delete { background: #c92a2a; }
.path { font: 600 15px/1.3 ui-monospace, monospace; }
.lock { font-size: 12px; color: var(--muted); border: 1px solid var(--line); border-radius: 999px; padding: 2px 8px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; font-size: 14px; }
th, td { text-align: left; vertical-align: top; border-top: 1px solid var(--line); padding: 6px 8px; }
th { color: var(--muted); font-weight: 600; border-top: 0; }
table.fields table.fields { margin-top: 8px; background: var(--bg); }
.required { color: #c92a2a; margin-left: 2px; }
.facts { color: var(--muted); font-size: 13px; }
.status { font: 600 13px/1 ui-monospace, monospace; }
.status.ok { color: #2f9e44; } .status.err { color: #c92a2a; }
.media { color: var(--muted); font-size: 12px; }
`;
