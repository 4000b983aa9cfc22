/**
 * The shell of every page Arbiter writes (the game viewer, the verify report): one self-contained HTML file,
 * its CSS and script inline, no network and no external asset, so it opens from disk anywhere.
 */
import { esc } from './html.js';

export interface PageParts {
  readonly title: string;
  /** Page CSS, added after the shell's. */
  readonly css?: string;
  /** The body's HTML, already escaped. */
  readonly body: string;
  /** An inline script, run at the end of the body. */
  readonly script?: string;
}

/** The shell's own CSS: a light page, monospace logs, the terminal's colours on a dark board. */
export const SHELL_CSS = `
:root{--bg:#fafafa;--fg:#1d1d1f;--muted:#6b6b70;--line:#d9d9de;--accent:#2457c5;--hi:#fff3b0;--term:#1e1e1e;--termfg:#e5e5e5}
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
header{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.5rem 1rem;background:#fff;border-bottom:1px solid var(--line)}
header h1{font-size:1rem;margin:0}
header .sub{color:var(--muted);max-width:28rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
button{font:inherit;padding:.2rem .6rem;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer}
button:hover{border-color:var(--accent)}
pre,code,.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
`;

export function page(parts: PageParts): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No network: nothing may load from elsewhere, whatever a log contains.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    `<title>${esc(parts.title)}</title>`,
    `<style>${SHELL_CSS}${parts.css ?? ''}</style>`,
    '</head><body>',
    parts.body,
    parts.script === undefined ? '' : `<script>${parts.script}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
