/**
 * Text into HTML and SVG, safely: every value a page shows (log lines, names from setup files) goes through
 * `esc`, and data embedded in a script element through `scriptJson`, so no file content can open a tag.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, escaped for HTML and SVG. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * JSON for a `<script type="application/json">` element: `<` is written `\u003c` (no `</script>` or `<!--`
 * can end the element early), and U+2028/U+2029 escaped as well.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** An element with attributes (values escaped; null and false left out) and already-escaped content. */
export function tag(name: string, attrs: Readonly<Record<string, string | number | boolean | null | undefined>>, content = ''): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    open += value === true ? ` ${key}` : ` ${key}="${esc(value)}"`;
  }
  return `${open}>${content}</${name}>`;
}
