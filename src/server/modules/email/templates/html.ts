/**
 * HTML for emails, escaped by default: every value interpolated into the `html` tag is escaped
 * unless it is itself the result of `html` (trusted markup we wrote). User text can only ever
 * arrive as text.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** An http(s) URL for an href, or undefined (javascript:, data: and the like are refused). */
export function safeUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** A link when the URL is safe, else the text alone. */
export function link(url: string, text: string): SafeHtml {
  const href = safeUrl(url);
  return href
    ? html`<a href="${href}" style="color:#0b5cad;text-decoration:underline">${text}</a>`
    : html`${text}`;
}

/** Text with its line breaks kept (each line escaped). */
export function multiline(text: string): SafeHtml {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return new SafeHtml(lines.map(escapeHtml).join('<br>'));
}
